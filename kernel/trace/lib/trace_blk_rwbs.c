// SPDX-License-Identifier: GPL-2.0
/*
 * blk_fill_rwbs(): the "rwbs" column of the block and bcache trace
 * events, a few letters naming a request's operation and flags.
 *
 * The letters are interface text (tools parse them): an optional 'F'
 * for a preflush, then the operation (R read, W write, D discard, DE
 * secure erase, F flush, N anything else), then one letter per flag in
 * a fixed order: F fua, A read-ahead, S sync, M metadata.  At most 7
 * letters and the NUL; callers pass RWBS_LEN bytes.
 *
 * A file of its own, apart from the blktrace tracer (BLK_DEV_IO_TRACE,
 * not built): the events need only this.  Built with BLOCK and
 * EVENT_TRACING.
 *
 * Context: any; no locks, no allocation.
 */
#include <linux/blk_types.h>
#include <linux/blktrace_api.h>
#include <linux/export.h>
#include <linux/kernel.h>

/* The flags written after the operation, in their order. */
static const struct {
	blk_opf_t	flag;
	char		letter;
} rwbs_flag_letters[] = {
	{ REQ_FUA,	'F' },
	{ REQ_RAHEAD,	'A' },
	{ REQ_SYNC,	'S' },
	{ REQ_META,	'M' },
};

static const char *rwbs_op_letters(blk_opf_t opf)
{
	switch (opf & REQ_OP_MASK) {
	case REQ_OP_READ:
		return "R";
	case REQ_OP_WRITE:
		return "W";
	case REQ_OP_FLUSH:
		return "F";
	case REQ_OP_DISCARD:
		return "D";
	case REQ_OP_SECURE_ERASE:
		return "DE";
	default:
		return "N";
	}
}

/**
 * blk_fill_rwbs - name a request's operation and flags in letters
 * @rwbs: where to write them, RWBS_LEN bytes
 * @opf: the request's operation and flags (REQ_OP_* | REQ_*)
 *
 * Writes a NUL-terminated string; see the top of this file.
 */
void blk_fill_rwbs(char *rwbs, blk_opf_t opf)
{
	const char *op = rwbs_op_letters(opf);
	char *p = rwbs;
	unsigned int i;

	if (opf & REQ_PREFLUSH)
		*p++ = 'F';
	while (*op)
		*p++ = *op++;
	for (i = 0; i < ARRAY_SIZE(rwbs_flag_letters); i++) {
		if (opf & rwbs_flag_letters[i].flag)
			*p++ = rwbs_flag_letters[i].letter;
	}
	*p = '\0';
}
EXPORT_SYMBOL_GPL(blk_fill_rwbs);
