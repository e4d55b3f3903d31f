// SPDX-License-Identifier: GPL-2.0
/*
 * The nop tracer: what every instance runs when no tracer is chosen.
 *
 * It records nothing by itself (events, markers and trace_printk still
 * do), allows instances, and is registered first, so available_tracers
 * lists it last.  Its two options exist to exercise the tracer option
 * machinery from user space: options/test_nop_accept can
 * be turned on and off, options/test_nop_refuse refuses every change
 * with -EINVAL; trace_options lists both (off) after the core options.
 *
 * Context: its callbacks run under trace_types_lock (trace_tracers.c).
 */
#include <linux/printk.h>

#include "instance/trace_array.h"
#include "trace_tracer.h"

enum {
	NOP_OPT_ACCEPT	= BIT(0),
	NOP_OPT_REFUSE	= BIT(1),
};

/* Option names are user-visible (options/, trace_options): forced. */
static struct tracer_opt nop_opts[] = {
	{ .name = "test_nop_accept", .bit = NOP_OPT_ACCEPT },
	{ .name = "test_nop_refuse", .bit = NOP_OPT_REFUSE },
	{ }
};

static struct tracer_flags nop_flags = {
	.opts	= nop_opts,
};

/*
 * Nothing to start; but a tracer with an init op has the buffers
 * cleared when it becomes current (tracer_init()), and switching to
 * nop clears them: the init op is there for that.
 */
static int nop_init(struct trace_array *tr)
{
	return 0;
}

static int nop_set_flag(struct trace_array *tr, u32 old_flags, u32 bit,
			int set)
{
	bool refuse = bit == NOP_OPT_REFUSE;

	pr_debug("nop tracer: %s %s (%s)\n", refuse ? "refused" : "accepted",
		 refuse ? "test_nop_refuse" : "test_nop_accept",
		 set ? "on" : "off");
	return refuse ? -EINVAL : 0;
}

struct tracer nop_trace __read_mostly = {
	.name		 = "nop",
	.init		 = nop_init,
	.flags		 = &nop_flags,
	.set_flag	 = nop_set_flag,
	.allow_instances = true,
};
