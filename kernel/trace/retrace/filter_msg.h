/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The error messages of the filter compiler, as an X-macro list: the
 * includer defines RTF_MSG(id, text) and includes this file (filter.h
 * makes enum rtf_msg of it, filter_field.c the text table).  No include
 * guard on purpose.
 *
 * The texts are an interface, word for word: user space and ftracetest
 * read them in error_log.  The order and the names are ours; error_log
 * writers go through rtf_msg_text().
 */
RTF_MSG(NONE, "No error")
RTF_MSG(ERRNO, "Error")
RTF_MSG(FIELD_NOT_FOUND, "Field not found")
RTF_MSG(INVALID_OP, "Invalid operator")
RTF_MSG(INVALID_VALUE, "Invalid value (did you forget quotes)?")
RTF_MSG(ILLEGAL_INTVAL, "Illegal integer value")
RTF_MSG(ILLEGAL_FIELD_OP, "Illegal operation for field type")
RTF_MSG(EXPECT_STRING, "Expecting string field")
RTF_MSG(EXPECT_DIGIT, "Expecting numeric field")
RTF_MSG(OPERAND_TOO_LONG, "Operand too long")
RTF_MSG(MISSING_QUOTE, "Missing matching quote")
RTF_MSG(TOO_MANY_OPEN, "Too many '('")
RTF_MSG(TOO_MANY_CLOSE, "Too few '('")
RTF_MSG(MISSING_BRACE_OPEN, "Missing '{'")
RTF_MSG(MISSING_BRACE_CLOSE, "Missing '}'")
RTF_MSG(INVALID_CPULIST, "Invalid cpulist")
RTF_MSG(NO_FUNCTION, "Function not found")
RTF_MSG(TOO_MANY_PREDS, "Too many terms in predicate expression")
RTF_MSG(INVALID_FILTER, "Meaningless filter expression")
RTF_MSG(NO_FILTER, "No filter found")
RTF_MSG(BAD_SUBSYS_FILTER, "Couldn't find or set field in one of a subsystem's events")
RTF_MSG(IP_FIELD_ONLY, "Only 'ip' field is supported for function trace")
