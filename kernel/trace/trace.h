/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kernel/trace's internal header, reduced to an umbrella
 * (headers.rst is the map).
 *
 * It defines nothing itself.  Each header below has one job, a design
 * comment, and the lock and lifetime rules of what it defines beside
 * the definition.  New code includes the one or two it uses; this file
 * stays for the files that still expect all of it at once.
 *
 * Order matters only where a header uses another's types in inline
 * code: records and options first, then the instance, then everything
 * that takes an instance.
 */
#ifndef _LINUX_KERNEL_TRACE_H
#define _LINUX_KERNEL_TRACE_H

#include <linux/atomic.h>
#include <linux/clocksource.h>
#include <linux/compiler.h>
#include <linux/ctype.h>
#include <linux/fs.h>
#include <linux/ftrace.h>
#include <linux/glob.h>
#include <linux/irq_work.h>
#include <linux/once_lite.h>
#include <linux/ring_buffer.h>
#include <linux/sched.h>
#include <linux/trace.h>
#include <linux/trace_events.h>
#include <linux/trace_seq.h>
#include <linux/tracepoint.h>
#include <linux/workqueue.h>

#include "trace_records.h"	/* ftrace/ records, trace_assign_type() */
#include "tracers/trace_flags.h"		/* TRACE_FLAGS, TRACE_ITER_* */
#include "instance/trace_array.h"	/* instances, buffers, snapshots */
#include "tracers/trace_tracer.h"	/* struct tracer, tracer options */
#include "fs/trace_fs.h"	/* tracefs file helpers */
#include "lib/trace_pid.h"		/* pid sets and the pid files' helpers */
#include "lib/trace_cmdline.h"	/* saved task names and tgids */
#include "messages/trace_errlog.h"	/* error_log */
#include "messages/trace_printk.h"	/* trace_printk() inside kernel/trace */
#include "events/trace_event.h"	/* fields, filters, systems, event files */
#include "triggers/trace_trigger.h"	/* trigger commands and instances */
#include "reader/trace_reader.h"	/* iterators, printing records */
#include "output/trace_output.h"	/* the output library */
#include "write/trace_write.h"	/* reserve and commit */
#include "reader/trace_dump.h"		/* ftrace_dump() */
#include "trace_pending.h"	/* stubs of the pending capabilities */

#endif /* _LINUX_KERNEL_TRACE_H */
