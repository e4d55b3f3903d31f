// SPDX-License-Identifier: GPL-2.0
/*
 * Filter text to program: the expression structure.
 *
 * fprog_compile() works in three steps, none of them recursive, so that no
 * input, however deep its parentheses, can exhaust the kernel stack:
 *
 * 1. fprog_prescan() reads the text once: quotes and parentheses must
 *    balance, and it bounds the number of predicates, which sizes every
 *    allocation that follows.
 *
 * 2. The parse loop alternates between two states.  Expecting an
 *    operand, it takes '(', '!' and whitespace, and hands anything else
 *    to fprog_parse_pred() (filter_pred.c), which becomes test number
 *    "leaf" of the program.  Expecting an operator, it takes "&&", "||",
 *    ')' and the end of the text.  Operators wait on a stack (shunting
 *    yard): '!' binds to the next operand, "&&" before "||", both left
 *    to right.  The result is a tree kept in an array, children before
 *    parents; '!' is a flag on the node it applies to, not a node.
 *
 * 3. fprog_link() walks that array backwards (so parents before children)
 *    handing each node its two exits: where to go when it is true and
 *    when it is false.  For a AND b, a goes to b's first test when true
 *    and to the AND's false exit otherwise; OR is the mirror; a '!' swaps
 *    the two exits.  A test always has one exit equal to the next test
 *    (it is the last leaf of its left subtree), so it becomes "jump to
 *    the other exit when the result is X".
 *
 * The error of a malformed text -- errno, message and caret position --
 * is an interface (see filter.rst for the list).  Which
 * check fires first matters for that, and is kept: the prescan's three
 * errors, then the parse errors in text order.
 *
 * Process context; may sleep.  The result is immutable (see filter.h).
 */
#include <linux/ctype.h>
#include <linux/err.h>
#include <linux/kernel.h>
#include <linux/minmax.h>
#include <linux/overflow.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "filter.h"
#include "filter_prog.h"

/* Operators waiting on the stack, weakest binding last. */
enum fprog_pending {
	FPROG_PEND_OPEN,		/* '(' */
	FPROG_PEND_NOT,		/* '!' */
	FPROG_PEND_AND,		/* "&&" */
	FPROG_PEND_OR,		/* "||" */
};

enum fprog_node_type {
	FPROG_NODE_LEAF,
	FPROG_NODE_AND,
	FPROG_NODE_OR,
};

/**
 * struct fprog_node - one node of the parsed expression
 * @type:	enum fprog_node_type
 * @neg:	an odd number of '!' apply to the whole node
 * @left:	AND/OR: left child; LEAF: the test's index
 * @right:	AND/OR: right child
 * @first:	index of the first test under this node
 * @on_true:	where to go when the node is true (set by its parent)
 * @on_false:	where to go when it is false
 */
struct fprog_node {
	u8	type;
	u8	neg;
	u32	left;
	u32	right;
	u32	first;
	u32	on_true;
	u32	on_false;
};

struct fprog_work {
	struct fprog	*prog;
	struct fprog_node	*nodes;
	u32		*operands;
	u8		*pending;
	unsigned int	nr_nodes;
	unsigned int	nr_operands;
	unsigned int	nr_pending;
	unsigned int	nr_tests;
	unsigned int	max_tests;
};

/* The last '(' that no ')' closes, or 0; the text is known to balance quotes. */
static unsigned int fprog_last_open(const char *s, unsigned int len)
{
	unsigned int i, closes = 0;
	char quote = 0;

	for (i = len - 1; i > 0; i--) {
		if (quote) {
			if (s[i] == quote)
				quote = 0;
		} else if (s[i] == '\'' || s[i] == '"') {
			quote = s[i];
		} else if (s[i] == ')') {
			closes++;
		} else if (s[i] == '(') {
			if (!closes)
				return i;
			closes--;
		}
	}
	return 0;
}

/*
 * Check quotes and parentheses and count the predicates: a predicate
 * starts at any byte outside quotes that is not blank, not a
 * parenthesis and not the first of "&&" or "||".  The three errors'
 * return values are what user space sees as the write's errno.
 */
static int fprog_prescan(struct fprog_cc *cc, unsigned int len,
			 unsigned int *preds)
{
	const char *s = cc->text;
	unsigned int i, depth = 0, quote_at = 0;
	bool in_pred = false;
	char quote = 0;

	*preds = 0;
	for (i = 0; i < len; i++) {
		char c = s[i];

		if (isspace(c))
			continue;
		if (quote) {
			if (c == quote)
				quote = 0;
			continue;
		}
		switch (c) {
		case '(':
			depth++;
			in_pred = false;
			continue;
		case ')':
			if (!depth)
				return fprog_fail(cc, -EPERM,
						  FPROG_MSG_TOO_MANY_CLOSE, i);
			depth--;
			in_pred = false;
			continue;
		case '&':
		case '|':
			if (s[i + 1] == c) {
				in_pred = false;
				continue;
			}
			break;
		case '\'':
		case '"':
			quote = c;
			quote_at = i;
			break;
		}
		if (!in_pred)
			(*preds)++;
		in_pred = true;
	}
	if (quote)
		return fprog_fail(cc, -ESRCH, FPROG_MSG_MISSING_QUOTE, quote_at);
	if (depth)
		return fprog_fail(cc, -ENOENT, FPROG_MSG_TOO_MANY_OPEN,
				  fprog_last_open(s, len));
	return 0;
}

static u32 fprog_new_node(struct fprog_work *w, u8 type, u32 left, u32 right)
{
	struct fprog_node *node = &w->nodes[w->nr_nodes];

	node->type = type;
	node->left = left;
	node->right = right;
	node->first = type == FPROG_NODE_LEAF ? left : w->nodes[left].first;
	return w->nr_nodes++;
}

/* Pop one "&&" or "||" and its two operands; push the combined node. */
static void fprog_combine(struct fprog_work *w)
{
	u8 op = w->pending[--w->nr_pending];
	u32 right = w->operands[--w->nr_operands];
	u32 left = w->operands[w->nr_operands - 1];

	w->operands[w->nr_operands - 1] =
		fprog_new_node(w, op == FPROG_PEND_AND ? FPROG_NODE_AND : FPROG_NODE_OR,
			       left, right);
}

/* An operand just completed: the '!'s right before it apply to it. */
static void fprog_apply_nots(struct fprog_work *w)
{
	struct fprog_node *node = &w->nodes[w->operands[w->nr_operands - 1]];

	while (w->nr_pending && w->pending[w->nr_pending - 1] == FPROG_PEND_NOT) {
		w->nr_pending--;
		node->neg ^= 1;
	}
}

/* Combine everything above the innermost '(' that binds at least as @op. */
static void fprog_reduce(struct fprog_work *w, enum fprog_pending op)
{
	while (w->nr_pending) {
		u8 top = w->pending[w->nr_pending - 1];

		if (top != FPROG_PEND_AND && top != FPROG_PEND_OR)
			break;
		if (op == FPROG_PEND_AND && top == FPROG_PEND_OR)
			break;
		fprog_combine(w);
	}
}

/*
 * After an operand: "&&", "||", ')' or the end.  Returns 1 when the
 * text ended, 0 when an operand is expected next, or a negative errno.
 */
static int fprog_after_operand(struct fprog_cc *cc, struct fprog_work *w,
			       unsigned int *pp)
{
	const char *s = cc->text;
	unsigned int p = *pp;

	for (;;) {
		char c = s[p];

		if (isspace(c)) {
			p++;
			continue;
		}
		if (c == ')') {
			p++;
			fprog_reduce(w, FPROG_PEND_OR);
			if (!w->nr_pending)
				return fprog_fail(cc, -EPERM,
						  FPROG_MSG_TOO_MANY_CLOSE, p);
			w->nr_pending--;	/* the '(' */
			fprog_apply_nots(w);
			continue;
		}
		if (!c) {
			fprog_reduce(w, FPROG_PEND_OR);
			if (w->nr_pending)
				return fprog_fail(cc, -EPERM,
						  FPROG_MSG_TOO_MANY_OPEN, p + 1);
			*pp = p;
			return 1;
		}
		if ((c == '&' || c == '|') && s[p + 1] == c) {
			enum fprog_pending op = c == '&' ? FPROG_PEND_AND :
							 FPROG_PEND_OR;

			fprog_reduce(w, op);
			w->pending[w->nr_pending++] = op;
			*pp = p + 2;
			return 0;
		}
		return fprog_fail(cc, -EPERM, FPROG_MSG_TOO_MANY_PREDS, p);
	}
}

static int fprog_parse(struct fprog_cc *cc, struct fprog_work *w)
{
	const char *s = cc->text;
	unsigned int p = 0;
	int ret;

	for (;;) {
		char c = s[p];
		struct fprog_insn *insn;

		if (isspace(c)) {
			p++;
			continue;
		}
		if (!c)
			break;
		if (c == '(') {
			w->pending[w->nr_pending++] = FPROG_PEND_OPEN;
			p++;
			continue;
		}
		if (c == '!' && s[p + 1] != '=' && s[p + 1] != '~') {
			w->pending[w->nr_pending++] = FPROG_PEND_NOT;
			p++;
			continue;
		}
		if (w->nr_tests >= w->max_tests)
			return fprog_fail(cc, -EPERM, FPROG_MSG_TOO_MANY_PREDS, p);

		insn = &w->prog->insns[w->nr_tests];
		ret = fprog_parse_pred(cc, p, insn);
		if (ret < 0)
			return ret;
		p += ret;
		w->operands[w->nr_operands++] =
			fprog_new_node(w, FPROG_NODE_LEAF, w->nr_tests++, 0);
		fprog_apply_nots(w);

		ret = fprog_after_operand(cc, w, &p);
		if (ret < 0)
			return ret;
		if (ret)
			return 0;
	}
	/* The text ended where an operand should be. */
	if (w->nr_tests)
		return fprog_fail(cc, -EINVAL, FPROG_MSG_INVALID_FILTER, p);
	return fprog_fail(cc, -EINVAL, FPROG_MSG_NO_FILTER, p);
}

/* Step 3: give every node its exits, parents first; fill in the jumps. */
static int fprog_link(struct fprog_cc *cc, struct fprog_work *w)
{
	unsigned int n = w->nr_tests, i;
	struct fprog_node *root;

	if (WARN_ON_ONCE(w->nr_operands != 1 || !w->nr_nodes))
		return fprog_fail(cc, -EINVAL, FPROG_MSG_ERRNO, 0);
	root = &w->nodes[w->operands[0]];
	root->on_true = n;
	root->on_false = n + 1;

	for (i = w->nr_nodes; i-- > 0; ) {
		struct fprog_node *node = &w->nodes[i];
		u32 yes = node->neg ? node->on_false : node->on_true;
		u32 no = node->neg ? node->on_true : node->on_false;
		struct fprog_node *l, *r;
		struct fprog_insn *insn;

		if (node->type == FPROG_NODE_LEAF) {
			insn = &w->prog->insns[node->left];
			if (yes == node->left + 1) {
				insn->jump_when = false;
				insn->target = no;
			} else {
				insn->jump_when = true;
				insn->target = yes;
			}
			/* One exit is the next test; the jump goes forward. */
			if (WARN_ON_ONCE((yes != node->left + 1 &&
					  no != node->left + 1) ||
					 insn->target <= node->left))
				return fprog_fail(cc, -EINVAL, FPROG_MSG_ERRNO, 0);
			continue;
		}
		l = &w->nodes[node->left];
		r = &w->nodes[node->right];
		r->on_true = yes;
		r->on_false = no;
		if (node->type == FPROG_NODE_AND) {
			l->on_true = r->first;
			l->on_false = no;
		} else {
			l->on_true = yes;
			l->on_false = r->first;
		}
	}
	return 0;
}

void fprog_release_insn(struct fprog_insn *insn)
{
	kfree(insn->pat);
	insn->pat = NULL;
	kfree(insn->mask);
	insn->mask = NULL;
}

/**
 * fprog_free - free a program
 * @prog: from fprog_compile(), or NULL
 *
 * No fprog_match() may be running on @prog, or start: unpublish it and
 * wait for its readers first.
 */
void fprog_free(struct fprog *prog)
{
	unsigned int i;

	if (!prog)
		return;
	for (i = 0; i < prog->nr_insns; i++)
		fprog_release_insn(&prog->insns[i]);
	kvfree(prog);
}

/**
 * fprog_ip_patterns - the patterns of a function-event filter
 * @prog: compiled with fprog_schema.ip_only
 * @fn:	  called for each predicate in text order, with @trace true for
 *	  "ip == pattern" and false for "ip != pattern"; a non-zero return
 *	  stops the walk and is returned
 * @data: passed to @fn
 *
 * The function tracer takes a list of functions to trace and one of
 * functions not to trace, so only an "||" of predicates can be handed
 * to it: no "&&", no "!".  Process context.
 *
 * Return: 0, -EINVAL for any other program, or what @fn returned.
 */
int fprog_ip_patterns(const struct fprog *prog,
		      int (*fn)(void *data, bool trace, const char *pattern),
		    void *data)
{
	u32 n = prog->nr_insns, i;
	int ret;

	/*
	 * A chain of "||": every test but the last jumps to "match" when
	 * true; the last one jumps to "no match" when false.
	 */
	for (i = 0; i < n; i++) {
		const struct fprog_insn *insn = &prog->insns[i];
		bool last = i == n - 1;

		if (insn->test != FPROG_T_IP ||
		    (insn->op != FPROG_OP_EQ && insn->op != FPROG_OP_NE))
			return -EINVAL;
		if (insn->jump_when == last ||
		    insn->target != (last ? n + 1 : n))
			return -EINVAL;
	}
	for (i = 0; i < n; i++) {
		ret = fn(data, prog->insns[i].op == FPROG_OP_EQ,
			 prog->insns[i].pat);
		if (ret)
			return ret;
	}
	return 0;
}

/**
 * fprog_compile - compile a filter for one event
 * @schema: the event's fields
 * @text:   the filter, NUL-terminated; a tracefs writer passes it with
 *	    trailing blanks and newline removed, leading ones kept
 *	    (positions count from the first byte)
 * @error:  filled on failure; zeroed on success
 *
 * The caller handles the special text "0" (remove the filter)
 * before calling: compiled, "0" is an invalid value.
 *
 * Return: the program, or an ERR_PTR() whose errno is @error->err.
 * Errors: the errno the write returns for the text: -EINVAL for most
 * parse errors, -EPERM, -ENOENT or -ESRCH for a few (see filter.rst),
 * -ENOMEM, -E2BIG for a text longer than FPROG_MAX_TEXT.
 */
struct fprog *fprog_compile(const struct fprog_schema *schema,
			    const char *text, struct fprog_error *error)
{
	struct fprog_cc cc = { .schema = schema, .text = text, .error = error };
	struct fprog_work w = { };
	unsigned int len, preds, i;
	int ret;

	memset(error, 0, sizeof(*error));
	len = strnlen(text, FPROG_MAX_TEXT + 1);
	if (len > FPROG_MAX_TEXT)
		return ERR_PTR(fprog_fail(&cc, -E2BIG, FPROG_MSG_ERRNO, 0));

	ret = fprog_prescan(&cc, len, &preds);
	if (ret)
		return ERR_PTR(ret);
	/* Only blanks, parentheses and "&&"/"||": -EINVAL, no message. */
	if (!preds)
		return ERR_PTR(fprog_fail(&cc, -EINVAL, FPROG_MSG_ERRNO, 0));

	w.max_tests = preds;
	w.prog = kvzalloc(struct_size(w.prog, insns, preds), GFP_KERNEL);
	w.nodes = kvmalloc_array(2 * preds, sizeof(*w.nodes),
				 GFP_KERNEL | __GFP_ZERO);
	w.operands = kvmalloc_array(preds, sizeof(*w.operands), GFP_KERNEL);
	/* Each waiting operator used up at least one byte of the text. */
	w.pending = kvmalloc(len + 1, GFP_KERNEL);
	if (!w.prog || !w.nodes || !w.operands || !w.pending) {
		ret = fprog_fail(&cc, -ENOMEM, FPROG_MSG_ERRNO, 0);
		goto out;
	}
	w.prog->nr_insns = preds;

	ret = fprog_parse(&cc, &w);
	if (!ret)
		ret = fprog_link(&cc, &w);
	if (!ret && cc.needs_scratch && fprog_scratch_get())
		ret = fprog_fail(&cc, -ENOMEM, FPROG_MSG_ERRNO, 0);
out:
	kvfree(w.nodes);
	kvfree(w.operands);
	kvfree(w.pending);
	if (ret) {
		if (w.prog) {
			for (i = 0; i < w.nr_tests; i++)
				fprog_release_insn(&w.prog->insns[i]);
			kvfree(w.prog);
		}
		return ERR_PTR(ret);
	}
	w.prog->nr_insns = w.nr_tests;
	return w.prog;
}
