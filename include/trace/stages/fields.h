/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Field declarations of TP_STRUCT__entry() as data.
 *
 * Upstream re-reads an event header once per thing it derives from the
 * field list (record layout, dynamic offsets, field descriptions, sizes,
 * assignment of the dynamic locators).  Here the field macros are defined
 * once, for the whole staging, and turn each field into a tuple:
 *
 *   __field(int, pid)          -> (__stg_fix, int, pid, "int", <signed>, FILTER_OTHER)
 *   __array(char, comm, 16)    -> (__stg_arr, char, comm, 16, "char[16]", <signed>)
 *   __string(name, src)        -> (__stg_dyn, __stg_data, name, "__data_loc char[]",
 *                                  <signed>, <byte count>, <source>)
 *
 * so that TP_STRUCT__entry(...) expands to a sequence "(..)(..)(..)".  One
 * pass then walks the sequence as many times as it needs, each walk with
 * a different "mode" (__stg_for(MODE, seq)):
 *
 *   layout   the members of struct trace_event_raw_<class>:
 *            "int pid;  char comm[16];  u32 __data_loc_name;"
 *   locs     the members of the per-call scratch struct that carries the
 *            dynamic locators from the size computation to the record:
 *            "u32 name; const char *name_src;"
 *   fields   the initialisers of struct trace_event_fields[] (what the
 *            format file prints): "{ .type = "int", .name = "pid", ... },"
 *   sizes    statements computing, in argument order, the locator
 *            (offset | length << 16) of each dynamic field and the total
 *            size of the dynamic area, into __stg_locs and __stg_size
 *   store    statements storing each locator into the record
 *
 * The type strings are built where upstream builds them (a scalar's type is
 * macro-expanded once, an array's is not), because format files must match
 * upstream's byte for byte.
 *
 * The walk alternates two macros per mode (__stg_MODE_a/_b), each emitting
 * its element and the name of the other; the last name left over is pasted
 * with "_end" into an empty macro.  Mode output is pre-expanded as a macro
 * argument on the way, so it must not contain a comma outside parentheses:
 * the fields mode defers its initialiser (__stg_later) until the paste is
 * done.
 */
#ifndef _TRACE_STAGES_FIELDS_H
#define _TRACE_STAGES_FIELDS_H

#include <linux/stringify.h>
#include <linux/bitops.h>

#define __stg_nil()
#define __stg_later(m)		m __stg_nil()
#define __stg_cat_(a, b)	a ## b
#define __stg_cat(a, b)		__stg_cat_(a, b)
#define __stg_for(mode, seq)	__stg_cat(__stg_##mode##_a seq, _end)

#define __stg_layout_a(kind, ...) __stg_layout_##kind(__VA_ARGS__) __stg_layout_b
#define __stg_layout_b(kind, ...) __stg_layout_##kind(__VA_ARGS__) __stg_layout_a
#define __stg_layout_a_end
#define __stg_layout_b_end
#define __stg_locs_a(kind, ...)	__stg_locs_##kind(__VA_ARGS__) __stg_locs_b
#define __stg_locs_b(kind, ...)	__stg_locs_##kind(__VA_ARGS__) __stg_locs_a
#define __stg_locs_a_end
#define __stg_locs_b_end
#define __stg_fields_a(kind, ...) __stg_fields_##kind(__VA_ARGS__) __stg_fields_b
#define __stg_fields_b(kind, ...) __stg_fields_##kind(__VA_ARGS__) __stg_fields_a
#define __stg_fields_a_end
#define __stg_fields_b_end
#define __stg_sizes_a(kind, ...) __stg_sizes_##kind(__VA_ARGS__) __stg_sizes_b
#define __stg_sizes_b(kind, ...) __stg_sizes_##kind(__VA_ARGS__) __stg_sizes_a
#define __stg_sizes_a_end
#define __stg_sizes_b_end
#define __stg_store_a(kind, ...) __stg_store_##kind(__VA_ARGS__) __stg_store_b
#define __stg_store_b(kind, ...) __stg_store_##kind(__VA_ARGS__) __stg_store_a
#define __stg_store_a_end
#define __stg_store_b_end

/* The member of the record that holds a dynamic field's locator. */
#define __stg_loc___stg_data(item)	__data_loc_##item
#define __stg_loc___stg_rel(item)	__rel_loc_##item
#define __stg_loc(loc, item)		__stg_loc_##loc(item)

/* Alignment of @type as a struct member, which is what the layout uses. */
#define __stg_align(type)	((int)__alignof__(struct { type __stg_m; }))

/* Bytes a bitmask of @nr_bits takes in a record: whole longs. */
#define __stg_bitmask_bytes(nr_bits)	(BITS_TO_LONGS(nr_bits) * sizeof(unsigned long))

/* One element of trace_event_fields[]; deferred, see the top of file. */
#define __stg_field_init(tstr, nm, sz, al, sgn, filt, ln)		\
	{ .type = tstr, .name = nm, .size = sz, .align = al,		\
	  .is_signed = sgn, .filter_type = filt, .len = ln },

/*
 * Kind __stg_fix: a member of fixed size.
 *   (__stg_fix, TYPE, ITEM, "TYPE", SIGNED, FILTER)
 */
#define __stg_layout___stg_fix(type, item, tstr, sgn, filt)	type item;
#define __stg_locs___stg_fix(type, item, tstr, sgn, filt)
#define __stg_fields___stg_fix(type, item, tstr, sgn, filt)		\
	__stg_later(__stg_field_init)(tstr, #item, sizeof(type),	\
				      __stg_align(type), sgn, filt, 0)
/* __field(int, a[4]) would describe one int: refuse anything but a name. */
#define __stg_sizes___stg_fix(type, item, tstr, sgn, filt)		\
	(void)sizeof(struct __stg_field_##item##_must_be_a_plain_name *);
#define __stg_store___stg_fix(type, item, tstr, sgn, filt)

/*
 * Kind __stg_arr: a fixed array.
 *   (__stg_arr, TYPE, ITEM, LEN, "TYPE[LEN]", SIGNED)
 */
#define __stg_layout___stg_arr(type, item, len, tstr, sgn)	type item[len];
#define __stg_locs___stg_arr(type, item, len, tstr, sgn)
#define __stg_fields___stg_arr(type, item, len, tstr, sgn)		\
	__stg_later(__stg_field_init)(tstr, #item, sizeof(type[len]),	\
				      __stg_align(type), sgn,		\
				      FILTER_OTHER, len)
#define __stg_sizes___stg_arr(type, item, len, tstr, sgn)
#define __stg_store___stg_arr(type, item, len, tstr, sgn)

/*
 * Kind __stg_dyn: data after the fixed part, found through a u32 locator
 * (offset in the low 16 bits, length in bytes in the high 16).  LOC is
 * __stg_data (offset from the start of the record: __data_loc) or
 * __stg_rel (offset from the end of the locator: __rel_loc).
 *   (__stg_dyn, LOC, ITEM, "TYPE STRING", SIGNED, BYTES, SOURCE)
 * BYTES is evaluated in the size computation, after SOURCE has been stored
 * in __stg_locs->ITEM_src (strings measure and later copy that pointer).
 */
#define __stg_layout___stg_dyn(loc, item, tstr, sgn, bytes, src)	\
	u32 __stg_loc(loc, item);
#define __stg_locs___stg_dyn(loc, item, tstr, sgn, bytes, src)	\
	u32 item; const char *item##_src;
#define __stg_fields___stg_dyn(loc, item, tstr, sgn, bytes, src)	\
	__stg_later(__stg_field_init)(tstr, #item, 4, 4, sgn, FILTER_OTHER, 0)
#define __stg_sizes___stg_dyn(loc, item, tstr, sgn, bytes, src)	\
	__stg_locs->item##_src = (src);					\
	__stg_len = (bytes);						\
	__stg_locs->item = ((u32)__stg_len << 16) |			\
		(u32)(__stg_base + __stg_size - __stg_from_##loc(item));	\
	__stg_size += __stg_len;
#define __stg_store___stg_dyn(loc, item, tstr, sgn, bytes, src)	\
	__entry->__stg_loc(loc, item) = __stg_locs->item;

/* Where a locator's offset counts from, relative to the record start. */
#define __stg_from___stg_data(item)	0
#define __stg_from___stg_rel(item)					\
	(offsetof(typeof(*entry), __rel_loc_##item) + sizeof(u32))

/* Strings: measured and copied from the source, "(null)" for NULL. */
#define __stg_strlen(item)						\
	(strlen(__stg_locs->item##_src ?: EVENT_NULL_STR) + 1)

#undef TP_STRUCT__entry
#define TP_STRUCT__entry(fields...) fields

#define __field_ext(type, item, filter)					\
	(__stg_fix, type, item, #type, is_signed_type(type), filter)
#define __field(type, item)	__field_ext(type, item, FILTER_OTHER)
#define __field_struct_ext(type, item, filter)				\
	(__stg_fix, type, item, #type, 0, filter)
#define __field_struct(type, item)					\
	__field_struct_ext(type, item, FILTER_OTHER)
#define __array(type, item, len)					\
	(__stg_arr, type, item, len, #type "[" __stringify(len) "]",	\
	 is_signed_type(type))

#define __dynamic_array(type, item, len)				\
	(__stg_dyn, __stg_data, item, "__data_loc " #type "[]",	\
	 is_signed_type(type), (len) * sizeof(type), NULL)
#define __rel_dynamic_array(type, item, len)				\
	(__stg_dyn, __stg_rel, item, "__rel_loc " #type "[]",		\
	 is_signed_type(type), (len) * sizeof(type), NULL)
#define __string(item, src)						\
	(__stg_dyn, __stg_data, item, "__data_loc char[]",		\
	 is_signed_type(char), __stg_strlen(item), src)
#define __rel_string(item, src)						\
	(__stg_dyn, __stg_rel, item, "__rel_loc char[]",		\
	 is_signed_type(char), __stg_strlen(item), src)
#define __string_len(item, src, len)					\
	(__stg_dyn, __stg_data, item, "__data_loc char[]",		\
	 is_signed_type(char), (len) + 1, src)
#define __rel_string_len(item, src, len)				\
	(__stg_dyn, __stg_rel, item, "__rel_loc char[]",		\
	 is_signed_type(char), (len) + 1, src)
#define __vstring(item, fmt, ap)					\
	(__stg_dyn, __stg_data, item, "__data_loc char[]",		\
	 is_signed_type(char), __trace_event_vstr_len(fmt, ap), NULL)
#define __bitmask(item, nr_bits)					\
	(__stg_dyn, __stg_data, item, "__data_loc unsigned long[]",	\
	 is_signed_type(unsigned long), __stg_bitmask_bytes(nr_bits), NULL)
#define __rel_bitmask(item, nr_bits)					\
	(__stg_dyn, __stg_rel, item, "__rel_loc unsigned long[]",	\
	 is_signed_type(unsigned long), __stg_bitmask_bytes(nr_bits), NULL)
#define __cpumask(item)							\
	(__stg_dyn, __stg_data, item, "__data_loc cpumask_t", 0,	\
	 __stg_bitmask_bytes(nr_cpumask_bits), NULL)
#define __rel_cpumask(item)						\
	(__stg_dyn, __stg_rel, item, "__rel_loc cpumask_t", 0,		\
	 __stg_bitmask_bytes(nr_cpumask_bits), NULL)
#define __sockaddr(item, len)	__dynamic_array(u8, item, len)
#define __rel_sockaddr(item, len)	__rel_dynamic_array(u8, item, len)

/*
 * Reading a dynamic field of the record __entry (the record pass and the
 * output pass point __entry at their own record variable).
 */
#define __stg_dyn_ptr(item)						\
	((void *)__entry + (__entry->__data_loc_##item & 0xffff))
#define __stg_rel_ptr(item)						\
	((void *)&__entry->__rel_loc_##item + sizeof(u32) +		\
	 (__entry->__rel_loc_##item & 0xffff))

#endif /* _TRACE_STAGES_FIELDS_H */
