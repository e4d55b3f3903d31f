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
#include "trace_flags.h"		/* TRACE_FLAGS, TRACE_ITER_* */
#include "trace_array.h"	/* instances, buffers, snapshots */
#include "trace_tracer.h"	/* struct tracer, tracer options */
#include "trace_files.h"	/* tracefs file helpers */
#include "trace_pid.h"		/* pid sets and the pid files' helpers */
#include "trace_cmdline.h"	/* saved task names and tgids */
#include "trace_errlog.h"	/* error_log */
#include "trace_printk.h"	/* trace_printk() inside kernel/trace */
#include "trace_registry.h"	/* fields, filters, systems, event files */
#include "trace_trigger_api.h"	/* trigger commands and instances */
#include "trace_reader.h"	/* iterators, printing records */
#include "trace_output.h"	/* the output library */
#include "trace_write.h"	/* reserve and commit */
#include "trace_dump.h"		/* ftrace_dump() */
#include "trace_pending.h"	/* stubs of the pending capabilities */

#endif /* _LINUX_KERNEL_TRACE_H */
