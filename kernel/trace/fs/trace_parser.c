// SPDX-License-Identifier: GPL-2.0
/*
 * Reading user input a word at a time, and a line at a time.
 *
 * trace_get_user() (with struct trace_parser, trace_event.h) serves
 * the files that take blank-separated words: the pid files, set_event,
 * set_ftrace_filter and friends.  One call consumes at most one word
 * from the user buffer:
 *
 *   - leading blanks (isspace()) are skipped, unless the previous call
 *     stopped inside a word (parser->cont): then the word goes on;
 *   - the word ends at a blank or a NUL, which are consumed with it
 *     (the word is then complete: cont is false), or at the end of the
 *     buffer (cont is true: the next write may continue it);
 *   - the word is kept NUL-terminated in parser->buffer; a word that
 *     does not fit (size - 1 characters) fails with -EINVAL, a fault
 *     with -EFAULT, and either marks the parser failed, after which
 *     trace_parser_loaded() is false until the parser is set up again.
 *
 * It returns how many bytes it consumed and adds them to *ppos; a call
 * at *ppos == 0 (a new write) starts with an empty parser.  Callers
 * loop while bytes remain, acting on each loaded word.
 *
 * trace_parse_run_command() serves the files that take whole commands,
 * one per line (kprobe_events, dynamic_events, synthetic_events...):
 * it copies the write in chunks of up to PARSE_CHUNK - 1 bytes, cuts
 * each chunk into lines, drops everything from a '#' on, and calls the
 * command function on each line, stopping at the first error.  A line
 * that does not fit in one chunk is refused with -EINVAL (and a
 * warning), unless it is the end of the write.
 *
 * Contexts: process context (they sleep on user memory).  The parser
 * belongs to one writer: callers serialise (most hold event_mutex or
 * their file's own lock).
 */
#include <linux/ctype.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "events/trace_event.h"
#include "trace_fs.h"

/**
 * trace_parser_get_init - set a parser up with a buffer
 * @parser: the parser (any contents)
 * @size: the buffer's size; words of up to @size - 1 characters fit
 *
 * Return: 0, or 1 if the buffer could not be allocated (callers test it
 * as non-zero).
 */
int trace_parser_get_init(struct trace_parser *parser, int size)
{
	*parser = (struct trace_parser) {
		.buffer	= kmalloc(size, GFP_KERNEL),
		.size	= size,
	};
	if (parser->buffer)
		return 0;
	parser->size = 0;
	return 1;
}

/**
 * trace_parser_put - free a parser's buffer
 * @parser: the parser
 */
void trace_parser_put(struct trace_parser *parser)
{
	kfree(parser->buffer);
	parser->buffer = NULL;
}

/* A word goes on through anything but a blank and a NUL. */
static bool parser_word_char(char ch)
{
	return ch && !isspace(ch);
}

/* Append @ch to the word, keeping room for the NUL. */
static bool parser_append(struct trace_parser *parser, char ch)
{
	if (parser->idx >= parser->size - 1)
		return false;
	parser->buffer[parser->idx++] = ch;
	return true;
}

/**
 * trace_get_user - read one word of a write into a parser
 * @parser: the parser
 * @ubuf: the user buffer, at the first byte not yet consumed
 * @cnt: bytes left in it (at least one)
 * @ppos: the write's position, advanced by what is consumed
 *
 * Return: the number of bytes consumed, or -EFAULT / -EINVAL (see the
 * top of the file).
 */
int trace_get_user(struct trace_parser *parser, const char __user *ubuf,
		   size_t cnt, loff_t *ppos)
{
	size_t done = 0;
	int ret;
	char ch;

	if (!*ppos)
		trace_parser_clear(parser);

	/* Every step reads ch = ubuf[done++]; at least one is read. */
	ret = get_user(ch, ubuf + done++);
	if (ret)
		goto fail;

	if (!parser->cont) {
		while (done < cnt && isspace(ch)) {
			ret = get_user(ch, ubuf + done++);
			if (ret)
				goto fail;
		}
		parser->idx = 0;
		if (!parser_word_char(ch))
			goto consumed;	/* nothing but blanks */
	}

	while (done < cnt && parser_word_char(ch)) {
		ret = -EINVAL;
		if (!parser_append(parser, ch))
			goto fail;
		ret = get_user(ch, ubuf + done++);
		if (ret)
			goto fail;
	}

	if (parser_word_char(ch)) {
		/* The buffer ended inside the word: keep it, to be continued. */
		ret = -EINVAL;
		if (!parser_append(parser, ch))
			goto fail;
		parser->cont = true;
	} else {
		parser->cont = false;
	}
	parser->buffer[parser->idx] = '\0';

consumed:
	*ppos += done;
	return done;
fail:
	trace_parser_fail(parser);
	return ret;
}

#define PARSE_CHUNK	4096

/*
 * Run @createfn on the lines of @chunk, which holds @len bytes of a write
 * that has @left bytes from the chunk's start on; add what was used to
 * *@done.  A line cut by the end of the chunk is left for the next chunk
 * (it will start it), unless it already starts this one: then it can
 * never fit (PARSE_CHUNK - 2 bytes and its newline at most).  A line the
 * write ends without a newline is a line too.
 */
static int parse_lines(char *chunk, size_t len, size_t left, size_t *done,
		       int (*createfn)(const char *))
{
	char *line = chunk;
	size_t pos = 0;

	chunk[len] = '\0';
	while (pos < left) {
		char *nl = strchr(line, '\n');
		size_t used = nl ? nl - line + 1 : strlen(line);
		char *cmd;
		int ret;

		if (nl) {
			*nl = '\0';
		} else if (pos + used < left) {
			if (line != chunk)
				return 0;
			pr_warn("Line length is too long: Should be less than %d\n",
				PARSE_CHUNK - 2);
			return -EINVAL;
		}
		cmd = line;
		line += used;
		pos += used;
		*done += used;

		*strchrnul(cmd, '#') = '\0';	/* a comment runs to the end */
		ret = createfn(cmd);
		if (ret)
			return ret;
	}
	return 0;
}

/**
 * trace_parse_run_command - run a command function on each line written
 * @file: the file written (unused)
 * @buffer: the user buffer
 * @count: its length
 * @ppos: the write's position (unused: each write stands alone)
 * @createfn: called with each line, comment removed; non-zero stops
 *
 * Return: @count, or the first error (-ENOMEM, -EFAULT, -EINVAL for a
 * line too long, or what @createfn returned).
 */
ssize_t trace_parse_run_command(struct file *file, const char __user *buffer,
				size_t count, loff_t *ppos,
				int (*createfn)(const char *))
{
	size_t done = 0;
	char *chunk;
	int ret = 0;

	chunk = kmalloc(PARSE_CHUNK, GFP_KERNEL);
	if (!chunk)
		return -ENOMEM;

	while (!ret && done < count) {
		size_t len = min_t(size_t, count - done, PARSE_CHUNK - 1);

		if (copy_from_user(chunk, buffer + done, len))
			ret = -EFAULT;
		else
			ret = parse_lines(chunk, len, count - done, &done,
					  createfn);
	}
	kfree(chunk);
	if (ret)
		return ret;
	return done;
}
