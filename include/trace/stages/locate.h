/* SPDX-License-Identifier: GPL-2.0 */
/*
 * locate.h - the dynamic-field locators the record and output passes share
 * (included by stages/record.h and stages/output.h after they define
 * __entry; stages/reset.h undefines them).  A __data_loc or __rel_loc word
 * holds the field's length in its high 16 bits; __stg_dyn_ptr() and
 * __stg_rel_ptr() (stages/fields.h) turn its offset into an address.
 * __get_bitmask()/__get_cpumask() differ between the passes (raw bytes in
 * the record pass, printed text in the output pass) and stay with them.
 */
#define __get_dynamic_array(f)		__stg_dyn_ptr(f)
#define __get_dynamic_array_len(f)	((__entry->__data_loc_##f >> 16) & 0xffff)
#define __get_rel_dynamic_array(f)	__stg_rel_ptr(f)
#define __get_rel_dynamic_array_len(f)	((__entry->__rel_loc_##f >> 16) & 0xffff)
#define __get_str(f)			((char *)__get_dynamic_array(f))
#define __get_rel_str(f)		((char *)__get_rel_dynamic_array(f))
#define __get_sockaddr(f)		((struct sockaddr *)__get_dynamic_array(f))
#define __get_rel_sockaddr(f)		((struct sockaddr *)__get_rel_dynamic_array(f))
