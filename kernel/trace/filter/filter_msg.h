/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The error messages of the filter compiler, as an X-macro list: the
 * includer defines FPROG_MSG(id, text) and includes this file (filter.h
 * makes enum fprog_msg of it, filter_field.c the text table).  No include
 * guard on purpose.
 *
 * The texts are an interface, word for word: user space and ftracetest
 * read them in error_log.  The order and the names are ours; error_log
 * writers go through fprog_msg_text().
 */
FPROG_MSG(NONE, "No error")
FPROG_MSG(ERRNO, "Error")
FPROG_MSG(FIELD_NOT_FOUND, "Field not found")
FPROG_MSG(INVALID_OP, "Invalid operator")
FPROG_MSG(INVALID_VALUE, "Invalid value (did you forget quotes)?")
FPROG_MSG(ILLEGAL_INTVAL, "Illegal integer value")
FPROG_MSG(ILLEGAL_FIELD_OP, "Illegal operation for field type")
FPROG_MSG(EXPECT_STRING, "Expecting string field")
FPROG_MSG(EXPECT_DIGIT, "Expecting numeric field")
FPROG_MSG(OPERAND_TOO_LONG, "Operand too long")
FPROG_MSG(MISSING_QUOTE, "Missing matching quote")
FPROG_MSG(TOO_MANY_OPEN, "Too many '('")
FPROG_MSG(TOO_MANY_CLOSE, "Too few '('")
FPROG_MSG(MISSING_BRACE_OPEN, "Missing '{'")
FPROG_MSG(MISSING_BRACE_CLOSE, "Missing '}'")
FPROG_MSG(INVALID_CPULIST, "Invalid cpulist")
FPROG_MSG(NO_FUNCTION, "Function not found")
FPROG_MSG(TOO_MANY_PREDS, "Too many terms in predicate expression")
FPROG_MSG(INVALID_FILTER, "Meaningless filter expression")
FPROG_MSG(NO_FILTER, "No filter found")
FPROG_MSG(BAD_SUBSYS_FILTER, "Couldn't find or set field in one of a subsystem's events")
FPROG_MSG(IP_FIELD_ONLY, "Only 'ip' field is supported for function trace")
