/* Unit test of MPICH's info value parser (src/mpi/info/info_parse.c of the
 * patched tree, compiled in here), case by case against MPI-4.1's rules. */
#include "mpi/info/info_parse.c"
#include <stdio.h>

static int failures;

static const char *result_name(MPIR_Info_parse_result r)
{
    return r == MPIR_INFO_PARSE_OK ? "OK" : r == MPIR_INFO_PARSE_RANGE ? "RANGE" : "MALFORMED";
}

static void bool_case(const char *value, MPIR_Info_parse_result want, bool want_value)
{
    bool got_value = !want_value;
    MPIR_Info_parse_result got = MPIR_Info_parse_bool(value, &got_value);
    if (got != want || (want == MPIR_INFO_PARSE_OK && got_value != want_value)) {
        printf("bool \"%s\": expected %s/%d, got %s/%d\n", value, result_name(want), want_value,
               result_name(got), got_value);
        failures++;
    }
}

static void int_case(const char *value, MPIR_Info_parse_result want, int want_value)
{
    int got_value = 12345;
    MPIR_Info_parse_result got = MPIR_Info_parse_int(value, &got_value);
    if (got != want || (want == MPIR_INFO_PARSE_OK && got_value != want_value)) {
        printf("int \"%s\": expected %s/%d, got %s/%d\n", value, result_name(want), want_value,
               result_name(got), got_value);
        failures++;
    }
    if (got != MPIR_INFO_PARSE_OK && got_value != 12345) {
        printf("int \"%s\": expected the result untouched on error, got %d\n", value, got_value);
        failures++;
    }
}

/* Joins the elements with '|' so one string shows what the walk saw. */
static MPIR_Info_parse_result collect(const char *element, size_t len, void *state)
{
    char *out = state;
    size_t used = strlen(out);
    if (used)
        out[used++] = '|';
    memcpy(out + used, element, len);
    out[used + len] = '\0';
    return strncmp(element, "stop", len) == 0 ? MPIR_INFO_PARSE_MALFORMED : MPIR_INFO_PARSE_OK;
}

static void list_case(const char *value, MPIR_Info_parse_result want, const char *want_seen)
{
    char seen[256] = "";
    MPIR_Info_parse_result got = MPIR_Info_parse_list(value, collect, seen);
    if (got != want || strcmp(seen, want_seen) != 0) {
        printf("list \"%s\": expected %s [%s], got %s [%s]\n", value, result_name(want),
               want_seen, result_name(got), seen);
        failures++;
    }
}

int main(void)
{
    bool_case("true", MPIR_INFO_PARSE_OK, true);
    bool_case("false", MPIR_INFO_PARSE_OK, false);
    bool_case(" true ", MPIR_INFO_PARSE_OK, true);
    bool_case("\ttrue\n", MPIR_INFO_PARSE_OK, true);
    bool_case("  false", MPIR_INFO_PARSE_OK, false);
    bool_case("TRUE", MPIR_INFO_PARSE_MALFORMED, false);
    bool_case("True", MPIR_INFO_PARSE_MALFORMED, false);
    bool_case("yes", MPIR_INFO_PARSE_MALFORMED, false);
    bool_case("1", MPIR_INFO_PARSE_MALFORMED, false);
    bool_case("", MPIR_INFO_PARSE_MALFORMED, false);
    bool_case("   ", MPIR_INFO_PARSE_MALFORMED, false);
    bool_case("tr ue", MPIR_INFO_PARSE_MALFORMED, false);
    bool_case("truex", MPIR_INFO_PARSE_MALFORMED, false);
    bool_case("true,false", MPIR_INFO_PARSE_MALFORMED, false);

    int_case("0", MPIR_INFO_PARSE_OK, 0);
    int_case("42", MPIR_INFO_PARSE_OK, 42);
    int_case("+42", MPIR_INFO_PARSE_OK, 42);
    int_case("-42", MPIR_INFO_PARSE_OK, -42);
    int_case(" 1024 ", MPIR_INFO_PARSE_OK, 1024);
    int_case("007", MPIR_INFO_PARSE_OK, 7);
    int_case("2147483647", MPIR_INFO_PARSE_OK, 2147483647);
    int_case("-2147483648", MPIR_INFO_PARSE_OK, -2147483647 - 1);
    int_case("2147483648", MPIR_INFO_PARSE_RANGE, 0);
    int_case("-2147483649", MPIR_INFO_PARSE_RANGE, 0);
    int_case("99999999999999999999999", MPIR_INFO_PARSE_RANGE, 0);
    int_case("99999999999999999999999x", MPIR_INFO_PARSE_MALFORMED, 0);
    int_case("+ 1", MPIR_INFO_PARSE_MALFORMED, 0);
    int_case("- 1", MPIR_INFO_PARSE_MALFORMED, 0);
    int_case("+", MPIR_INFO_PARSE_MALFORMED, 0);
    int_case("", MPIR_INFO_PARSE_MALFORMED, 0);
    int_case(" ", MPIR_INFO_PARSE_MALFORMED, 0);
    int_case("1 2", MPIR_INFO_PARSE_MALFORMED, 0);
    int_case("12abc", MPIR_INFO_PARSE_MALFORMED, 0);
    int_case("0x10", MPIR_INFO_PARSE_MALFORMED, 0);
    int_case("1e3", MPIR_INFO_PARSE_MALFORMED, 0);
    int_case("1.0", MPIR_INFO_PARSE_MALFORMED, 0);
    int_case("++1", MPIR_INFO_PARSE_MALFORMED, 0);

    list_case("rar,raw,war,waw", MPIR_INFO_PARSE_OK, "rar|raw|war|waw");
    list_case(" rar , raw ,war", MPIR_INFO_PARSE_OK, "rar|raw|war");
    list_case("none", MPIR_INFO_PARSE_OK, "none");
    list_case("  none  ", MPIR_INFO_PARSE_OK, "none");
    list_case("a b,c", MPIR_INFO_PARSE_OK, "a b|c");
    list_case("", MPIR_INFO_PARSE_MALFORMED, "");
    list_case("  ", MPIR_INFO_PARSE_MALFORMED, "");
    list_case("a,,b", MPIR_INFO_PARSE_MALFORMED, "");
    list_case("a, ,b", MPIR_INFO_PARSE_MALFORMED, "");
    list_case("a,", MPIR_INFO_PARSE_MALFORMED, "");
    list_case(",a", MPIR_INFO_PARSE_MALFORMED, "");
    list_case("a,stop,b", MPIR_INFO_PARSE_MALFORMED, "a|stop");

    if (failures)
        printf("%d failure(s)\n", failures);
    else
        printf("info value parser: all checks passed\n");
    return failures != 0;
}
