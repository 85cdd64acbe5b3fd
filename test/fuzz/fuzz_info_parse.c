/* libFuzzer target for the info value parser: any input string, read as a
 * boolean, an integer and a list. Each answer is checked against an
 * independent reading (strtoll on the trimmed text for integers), so a
 * wrong answer crashes the fuzzer as surely as a bad memory access. */
#include "mpi/info/info_parse.c"
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>

static const char *list_input;
static size_t list_input_len;

static MPIR_Info_parse_result check_element(const char *element, size_t len, void *state)
{
    (void) state;
    /* Every element is a non-empty, trimmed piece of the input, without commas. */
    if (len == 0 || element < list_input || element + len > list_input + list_input_len ||
        isspace((unsigned char) element[0]) || isspace((unsigned char) element[len - 1]) ||
        memchr(element, ',', len))
        abort();
    return MPIR_INFO_PARSE_OK;
}

/* Reference: trimmed text is [+-]digits, and strtoll gives a value in range. */
static MPIR_Info_parse_result reference_int(const char *s, int *out)
{
    const char *start;
    size_t len;
    char buf[64];

    MPIR_Info_parse_trim(s, strlen(s), &start, &len);
    size_t i = (len > 0 && (start[0] == '+' || start[0] == '-')) ? 1 : 0;
    if (i == len)
        return MPIR_INFO_PARSE_MALFORMED;
    for (size_t j = i; j < len; j++)
        if (!isdigit((unsigned char) start[j]))
            return MPIR_INFO_PARSE_MALFORMED;
    /* Leading zeros do not change the value; keep the last 40 characters. */
    size_t digits = len - i;
    const char *d = start + i;
    while (digits > 1 && *d == '0') {
        d++;
        digits--;
    }
    if (digits > 20)
        return MPIR_INFO_PARSE_RANGE;
    snprintf(buf, sizeof(buf), "%s%.*s", start[0] == '-' ? "-" : "", (int) digits, d);
    errno = 0;
    long long v = strtoll(buf, NULL, 10);
    if (errno == ERANGE || v > INT_MAX || v < INT_MIN)
        return MPIR_INFO_PARSE_RANGE;
    *out = (int) v;
    return MPIR_INFO_PARSE_OK;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    memcpy(s, data, size);
    s[size] = '\0';

    bool b;
    MPIR_Info_parse_result rb = MPIR_Info_parse_bool(s, &b);
    if (rb == MPIR_INFO_PARSE_RANGE)
        abort();

    int got = 0, want = 0;
    MPIR_Info_parse_result ri = MPIR_Info_parse_int(s, &got);
    MPIR_Info_parse_result rr = reference_int(s, &want);
    if (ri != rr || (ri == MPIR_INFO_PARSE_OK && got != want))
        abort();

    list_input = s;
    list_input_len = strlen(s);
    (void) MPIR_Info_parse_list(s, check_element, NULL);
    free(s);
    return 0;
}
