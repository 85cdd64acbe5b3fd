/* Unit test of MPICH's hint engine (src/mpi/info/info_hints.c of the patched
 * tree, compiled in here with the value parser it uses): each hint type with
 * valid, blank-padded and malformed values, the set_info rules (also for a
 * hint fixed on one object), refusal by a hint's check, applying changed
 * settings, changes undone, reporting and round trips, the agreement
 * digest, hints only the implementation sets, the documentation printed from
 * a table, settings made only when a hint is first changed (an object given
 * no hint allocates nothing, yet reports and digests its defaults) and
 * kept only for the range of hints that left their defaults, and
 * allocation failure at every allocation an offer, report and digest
 * make. */
#include "mpl.h"
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

/* Allocations still allowed before the next one fails; -1: none fails. */
static int allocations_left = -1;
static int allocations_made;

static void *failing_malloc(size_t size)
{
    if (allocations_left == 0)
        return NULL;
    if (allocations_left > 0)
        allocations_left--;
    allocations_made++;
    return malloc(size);
}

#undef MPL_direct_malloc
#define MPL_direct_malloc failing_malloc
#include "mpi/info/info_hints.c"
#include "mpi/info/info_parse.c"

static int failures;

#define CHECK(cond, ...) do { if (!(cond)) { printf(__VA_ARGS__); printf("\n"); failures++; } } while (0)

static const char *const orderings[] = { "rar", "raw", "war", "waw", NULL };
static const char *const ops[] = { "same_op", "same_op_no_op", NULL };

/* The check refuses the number 13; the action records what it was given. */
static int check_test(const MPIR_Hint_def * def, int number, const char *text)
{
    (void) def;
    (void) text;
    return number == 13;
}

static int applied_number = -1, applied_calls;
static void apply_test(void *object, const MPIR_Hint_def * def, int number, const char *text)
{
    (void) def;
    (void) text;
    *(int *) object += 1;
    applied_number = number;
    applied_calls++;
}

static const MPIR_Hint_def test_defs[] = {
    {"flag", MPIR_HINT_BOOL, "false", 0, NULL, 0, 0, NULL, NULL, "a boolean"},
    {"fixed_flag", MPIR_HINT_BOOL, "false", MPIR_HINT_FIXED_AT_CREATION | MPIR_HINT_SAME_ON_ALL,
     NULL, 0, 0, NULL, NULL, "fixed at creation, same on all"},
    {"count", MPIR_HINT_INT, NULL, 0, NULL, -5, 100, check_test, apply_test,
     "an integer, no default"},
    {"name", MPIR_HINT_STRING, NULL, 0, NULL, 0, 0, NULL, NULL, "a string"},
    {"ops", MPIR_HINT_ENUM, "same_op_no_op", 0, ops, 0, 0, NULL, NULL, "an enumeration"},
    {"ordering", MPIR_HINT_LIST, "rar,raw,war,waw", MPIR_HINT_SAME_ON_ALL, orderings, 0, 0, NULL,
     NULL, "a list"},
};

static const MPIR_Hint_table test_table = { "test object", test_defs, 6 };

/* The value h reports for key, or "(absent)". */
struct lookup {
    const char *key;
    char value[64];
};

static int find_reported(void *ctx, const char *key, const char *value)
{
    struct lookup *l = ctx;
    if (strcmp(key, l->key) == 0)
        snprintf(l->value, sizeof(l->value), "%s", value);
    return 0;
}

static const char *text_of(const MPIR_Hints * h, const char *key)
{
    static struct lookup l;
    l.key = key;
    snprintf(l.value, sizeof(l.value), "(absent)");
    MPIR_Hints_report(h, find_reported, &l);
    return l.value;
}

static uint64_t digest_of(const MPIR_Hints * h)
{
    uint64_t d = 0;
    int rc = MPIR_Hints_agreement_digest(h, &d);
    CHECK(rc == 0, "digest: expected success, got %d", rc);
    return d;
}

/* Offer key=value at phase; expect outcome and, afterwards, the reported
 * text want ("(absent)" for none). */
static void expect(MPIR_Hints * h, MPIR_Hint_phase phase, const char *key, const char *value,
                   MPIR_Hint_outcome outcome, const char *want)
{
    MPIR_Hint_outcome got = MPIR_Hints_offer(h, key, value, phase);
    CHECK(got == outcome, "offer %s='%s': expected outcome %d, got %d", key, value, (int) outcome,
          (int) got);
    CHECK(strcmp(text_of(h, key), want) == 0, "offer %s='%s': expected value '%s', got '%s'", key,
          value, want, text_of(h, key));
}

/* Collects reported pairs as "k=v;k=v;". */
static int collect(void *ctx, const char *key, const char *value)
{
    char *buf = ctx;
    size_t n = strlen(buf);
    snprintf(buf + n, 1024 - n, "%s=%s;", key, value);
    return 0;
}

struct pairs {
    char keys[16][64], values[16][64];
    int n;
};

static int remember(void *ctx, const char *key, const char *value)
{
    struct pairs *p = ctx;
    snprintf(p->keys[p->n], 64, "%s", key);
    snprintf(p->values[p->n], 64, "%s", value);
    p->n++;
    return 0;
}

static void types_and_rules(void)
{
    MPIR_Hints h;
    char report[1024] = "";
    const MPIR_Hint_phase C = MPIR_HINT_AT_CREATION, S = MPIR_HINT_AT_SET_INFO;

    MPIR_Hints_init(&h, &test_table);
    MPIR_Hints_report(&h, collect, report);
    CHECK(strcmp(report, "flag=false;fixed_flag=false;ops=same_op_no_op;ordering=rar,raw,war,waw;")
          == 0, "defaults: expected the hints with defaults in table order, got '%s'", report);

    expect(&h, C, "flag", "true", MPIR_HINT_ACCEPTED, "true");
    expect(&h, C, "flag", " false\t", MPIR_HINT_ACCEPTED, "false");
    expect(&h, C, "flag", " true ", MPIR_HINT_ACCEPTED, "true");
    expect(&h, C, "flag", "TRUE", MPIR_HINT_MALFORMED, "true");
    expect(&h, C, "flag", "1", MPIR_HINT_MALFORMED, "true");
    expect(&h, C, "flag", "", MPIR_HINT_MALFORMED, "true");
    expect(&h, C, "flag", "tr ue", MPIR_HINT_MALFORMED, "true");

    /* Nothing is applied until asked, then each changed setting once. */
    int object = 0;
    expect(&h, C, "count", "7", MPIR_HINT_ACCEPTED, "7");
    CHECK(applied_calls == 0, "offer: expected no action yet, got %d", applied_calls);
    expect(&h, C, "count", " +42 ", MPIR_HINT_ACCEPTED, "42");
    MPIR_Hints_apply(&h, &object);
    CHECK(applied_calls == 1 && applied_number == 42 && object == 1,
          "apply: expected one action with 42 on the object, got %d with %d (object %d)",
          applied_calls, applied_number, object);
    MPIR_Hints_apply(&h, &object);
    CHECK(applied_calls == 1, "apply again: expected no new action, got %d", applied_calls);
    expect(&h, C, "count", "-5", MPIR_HINT_ACCEPTED, "-5");
    expect(&h, C, "count", "101", MPIR_HINT_MALFORMED, "-5");
    expect(&h, C, "count", "-6", MPIR_HINT_MALFORMED, "-5");
    expect(&h, C, "count", "4x", MPIR_HINT_MALFORMED, "-5");
    expect(&h, C, "count", "99999999999", MPIR_HINT_MALFORMED, "-5");
    expect(&h, C, "count", "13", MPIR_HINT_REFUSED, "-5");
    MPIR_Hints_apply(&h, &object);
    CHECK(applied_number == -5, "apply: expected -5 (13 was refused), got %d", applied_number);

    expect(&h, C, "name", " kept as given ", MPIR_HINT_ACCEPTED, " kept as given ");

    expect(&h, C, "ops", " same_op ", MPIR_HINT_ACCEPTED, "same_op");
    expect(&h, C, "ops", "other_op", MPIR_HINT_MALFORMED, "same_op");
    expect(&h, C, "ops", "same_op,same_op_no_op", MPIR_HINT_MALFORMED, "same_op");

    expect(&h, C, "ordering", " waw , rar ", MPIR_HINT_ACCEPTED, "rar,waw");
    expect(&h, C, "ordering", " none ", MPIR_HINT_ACCEPTED, "none");
    CHECK(MPIR_Hints_number(&h, "ordering") == 0, "none: expected no bits set");
    expect(&h, C, "ordering", "raw,war", MPIR_HINT_ACCEPTED, "raw,war");
    expect(&h, C, "ordering", "rar,,waw", MPIR_HINT_MALFORMED, "raw,war");
    expect(&h, C, "ordering", "rar,none", MPIR_HINT_MALFORMED, "raw,war");
    expect(&h, C, "ordering", "rar,bad", MPIR_HINT_MALFORMED, "raw,war");
    expect(&h, C, "ordering", " ", MPIR_HINT_MALFORMED, "raw,war");

    expect(&h, C, "unknown_key", "true", MPIR_HINT_UNKNOWN_KEY, "(absent)");

    /* set_info: a hint fixed at creation keeps its value; others change. */
    expect(&h, C, "fixed_flag", "true", MPIR_HINT_ACCEPTED, "true");
    expect(&h, S, "fixed_flag", "false", MPIR_HINT_FIXED, "true");
    expect(&h, S, "flag", "false", MPIR_HINT_ACCEPTED, "false");

    /* Everything reported is accepted back and changes nothing. */
    struct pairs before = { .n = 0 }, after = { .n = 0 };
    MPIR_Hints_report(&h, remember, &before);
    for (int i = 0; i < before.n; i++) {
        MPIR_Hint_phase phase = (MPIR_Hints_find(&test_table, before.keys[i])->flags &
                                 MPIR_HINT_FIXED_AT_CREATION) ? C : S;
        MPIR_Hint_outcome got = MPIR_Hints_offer(&h, before.keys[i], before.values[i], phase);
        CHECK(got == MPIR_HINT_ACCEPTED, "round trip %s='%s': expected accepted, got %d",
              before.keys[i], before.values[i], (int) got);
    }
    MPIR_Hints_report(&h, remember, &after);
    CHECK(after.n == before.n, "round trip: expected %d hints, got %d", before.n, after.n);
    for (int i = 0; i < before.n && i < after.n; i++)
        CHECK(strcmp(before.values[i], after.values[i]) == 0,
              "round trip %s: expected '%s', got '%s'", before.keys[i], before.values[i],
              after.values[i]);

    /* Implementation-set values need no action and obey no phase rule. */
    CHECK(MPIR_Hints_set_internal(&h, "fixed_flag", "false") == MPIR_HINT_ACCEPTED,
          "set_internal: expected accepted");
    CHECK(strcmp(text_of(&h, "fixed_flag"), "false") == 0, "set_internal: expected 'false'");
    MPIR_Hints_free(&h);
}

/* One object fixes a hint its table lets set_info change (a device built
 * the value into it): set_info ignores the hint there and in copies of its
 * settings, other hints still change, and other objects are not affected. */
static void fixed_on_one_object(void)
{
    MPIR_Hints h, other;
    const MPIR_Hint_phase C = MPIR_HINT_AT_CREATION, S = MPIR_HINT_AT_SET_INFO;

    MPIR_Hints_init(&h, &test_table);
    MPIR_Hints_init(&other, &test_table);
    expect(&h, C, "ordering", "none", MPIR_HINT_ACCEPTED, "none");
    MPIR_Hints_fix(&h, "ordering");
    expect(&h, S, "ordering", "rar,waw", MPIR_HINT_FIXED, "none");
    expect(&h, S, "flag", "true", MPIR_HINT_ACCEPTED, "true");
    expect(&other, S, "ordering", "rar", MPIR_HINT_ACCEPTED, "rar");
    MPIR_Hints_free(&other);
    MPIR_Hints_free(&h);
}

static void agreement_digest(void)
{
    MPIR_Hints a, b;
    MPIR_Hints_init(&a, &test_table);
    MPIR_Hints_init(&b, &test_table);

    CHECK(digest_of(&a) == digest_of(&b),
          "digest: expected equal digests for equal settings");
    /* flag is not SAME_ON_ALL: a difference there is allowed. */
    MPIR_Hints_offer(&a, "flag", "true", MPIR_HINT_AT_CREATION);
    CHECK(digest_of(&a) == digest_of(&b),
          "digest: expected a difference in a local hint to be ignored");
    MPIR_Hints_offer(&a, "ordering", "rar", MPIR_HINT_AT_CREATION);
    CHECK(digest_of(&a) != digest_of(&b),
          "digest: expected different digests for different 'ordering'");
    /* The same value written differently is the same value. */
    MPIR_Hints_offer(&b, "ordering", " rar ", MPIR_HINT_AT_CREATION);
    CHECK(digest_of(&a) == digest_of(&b),
          "digest: expected ' rar ' and 'rar' to agree");
    MPIR_Hints_free(&a);
    MPIR_Hints_free(&b);

    /* A default given explicitly agrees with no hint at all (the object
     * given none keeps no settings). */
    MPIR_Hints_init(&a, &test_table);
    MPIR_Hints_init(&b, &test_table);
    MPIR_Hints_offer(&a, "ordering", "rar, raw,war,waw", MPIR_HINT_AT_CREATION);
    CHECK(a.settings != NULL && b.settings == NULL, "digest: expected settings on a only");
    CHECK(digest_of(&a) == digest_of(&b),
          "digest: expected the default of 'ordering' given explicitly to agree with none");
    MPIR_Hints_free(&a);
    MPIR_Hints_free(&b);
}

/* Every allocation of an offer fails in turn: the offer reports NOMEM and
 * the setting stays (the first offer cannot even make the settings);
 * reporting and the digest report failure. */
static void allocation_failure(void)
{
    MPIR_Hints h;
    MPIR_Hints_init(&h, &test_table);
    /* Without settings, reporting and the digest parse the defaults. */
    for (int k = 0;; k++) {
        char report[1024] = "";
        uint64_t d;
        allocations_left = k;
        int report_rc = MPIR_Hints_report(&h, collect, report);
        allocations_left = k;
        int digest_rc = MPIR_Hints_agreement_digest(&h, &d);
        allocations_left = -1;
        if (report_rc == 0 && digest_rc == 0)
            break;
        CHECK(h.settings == NULL, "report with allocation %d failing: expected no settings made",
              k);
    }
    const char *keys[] = { "flag", "count", "name", "ops", "ordering" };
    const char *values[] = { "true", "12", "n", "same_op", "war" };
    for (int i = 0; i < 5; i++) {
        allocations_left = 0;
        MPIR_Hint_outcome got = MPIR_Hints_offer(&h, keys[i], values[i], MPIR_HINT_AT_CREATION);
        allocations_left = -1;
        const MPIR_Hint_def *def = MPIR_Hints_find(&test_table, keys[i]);
        const char *want = def->default_value ? def->default_value : "(absent)";
        CHECK(got == MPIR_HINT_NOMEM && strcmp(text_of(&h, keys[i]), want) == 0,
              "offer %s with allocation failing: expected NOMEM and '%s', got %d and '%s'",
              keys[i], want, (int) got, text_of(&h, keys[i]));
    }
    MPIR_Hints_free(&h);
}

static const char *const two_words[] = { "one", "two", NULL };
static const char *const long_words[] = { "MPI_THREAD_SINGLE", "MPI_THREAD_FUNNELED",
    "MPI_THREAD_SERIALIZED", "MPI_THREAD_MULTIPLE", NULL
};

static const MPIR_Hint_def doc_defs[] = {
    {"kinds", MPIR_HINT_STRING, "a,b", MPIR_HINT_REPORTED_ONLY, NULL, 0, 0, NULL, NULL,
     "set by the library", NULL},
    {"level", MPIR_HINT_INT, NULL, MPIR_HINT_FIXED_AT_CREATION | MPIR_HINT_SAME_ON_ALL, NULL, 0,
     INT_MAX, NULL, NULL, "an integer", NULL},
    {"pick", MPIR_HINT_ENUM, "two", 0, two_words, 0, 0, NULL, NULL, "an enumeration", "dev:x"},
    {"several", MPIR_HINT_LIST, "none", 0, two_words, 0, 0, NULL, NULL, "a list", NULL},
    {"range", MPIR_HINT_INT, "3", 0, NULL, -1, 9, NULL, NULL, "an integer in a range", NULL},
    {"flag", MPIR_HINT_BOOL, "true", 0, NULL, 0, 0, NULL, NULL, "a boolean", NULL},
    {"long", MPIR_HINT_ENUM, "MPI_THREAD_MULTIPLE", 0, long_words, 0, 0, NULL, NULL,
     "a description long enough that it does not fit on one line of the documentation",
     "dev:long"},
};

static const MPIR_Hint_table doc_table = { "doc object", doc_defs, 7 };

/* What MPIR_Hints_print writes for origin, and how many hints it counted. */
static char *printed(const char *origin, int *count)
{
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    *count = MPIR_Hints_print(out, &doc_table, origin);
    fclose(out);
    return text;
}

static void reported_only_and_print(void)
{
    MPIR_Hints h;
    MPIR_Hints_init(&h, &doc_table);
    expect(&h, MPIR_HINT_AT_CREATION, "kinds", "c", MPIR_HINT_REFUSED, "a,b");
    expect(&h, MPIR_HINT_AT_SET_INFO, "kinds", "a,b", MPIR_HINT_REFUSED, "a,b");
    CHECK(MPIR_Hints_set_internal(&h, "kinds", "c") == MPIR_HINT_ACCEPTED &&
          strcmp(text_of(&h, "kinds"), "c") == 0,
          "set_internal of a hint only the implementation sets: expected 'c', got '%s'",
          text_of(&h, "kinds"));
    MPIR_Hints_free(&h);

    int count;
    char *text = printed(NULL, &count);
    const char *want =
        "    kinds\n"
        "        string; default a,b\n"
        "        set by MPICH only; per process\n"
        "        set by the library\n"
        "    level\n"
        "        integer, at least 0; no default\n"
        "        given at creation only; the same on all processes\n"
        "        an integer\n"
        "    several\n"
        "        list of one, two, or none; default none\n"
        "        given at creation or by set_info; per process\n"
        "        a list\n"
        "    range\n"
        "        integer from -1 to 9; default 3\n"
        "        given at creation or by set_info; per process\n"
        "        an integer in a range\n"
        "    flag\n"
        "        boolean; default true\n"
        "        given at creation or by set_info; per process\n"
        "        a boolean\n";
    CHECK(count == 5 && strcmp(text, want) == 0,
          "print, hints on every device: expected 5 hints as\n%s\ngot %d as\n%s", want, count,
          text);
    free(text);
    text = printed("dev:x", &count);
    want = "    pick\n"
        "        one of one, two; default two\n"
        "        given at creation or by set_info; per process\n" "        an enumeration\n";
    CHECK(count == 1 && strcmp(text, want) == 0,
          "print, hints of dev:x: expected 1 hint as\n%s\ngot %d as\n%s", want, count, text);
    free(text);
    /* Lines end before column 80, continued two columns further in. */
    text = printed("dev:long", &count);
    want = "    long\n"
        "        one of MPI_THREAD_SINGLE, MPI_THREAD_FUNNELED, MPI_THREAD_SERIALIZED,\n"
        "          MPI_THREAD_MULTIPLE; default MPI_THREAD_MULTIPLE\n"
        "        given at creation or by set_info; per process\n"
        "        a description long enough that it does not fit on one line of the\n"
        "          documentation\n";
    CHECK(count == 1 && strcmp(text, want) == 0,
          "print, long lines: expected 1 hint as\n%s\ngot %d as\n%s", want, count, text);
    free(text);
    text = printed("dev:y", &count);
    CHECK(count == 0 && strcmp(text, "") == 0, "print, hints of dev:y: expected none, got %d",
          count);
    free(text);
}

/* Edges a weaker engine would get wrong: the upper bound is a value, a
 * setting made by the implementation is not applied, an offer is applied
 * once, and a value's end is part of the digest. */
static const MPIR_Hint_def label_defs[] = {
    {"label", MPIR_HINT_STRING, NULL, MPIR_HINT_SAME_ON_ALL, NULL, 0, 0, NULL, NULL,
     "a string, same on all"},
};

static const MPIR_Hint_table label_table = { "label object", label_defs, 1 };

static void edges(void)
{
    MPIR_Hints h;
    int object = 0;

    MPIR_Hints_init(&h, &test_table);
    expect(&h, MPIR_HINT_AT_CREATION, "count", "100", MPIR_HINT_ACCEPTED, "100");

    MPIR_Hints_apply(&h, &object);
    applied_calls = 0;
    CHECK(MPIR_Hints_set_internal(&h, "count", "5") == MPIR_HINT_ACCEPTED,
          "set_internal count=5: expected accepted");
    MPIR_Hints_apply(&h, &object);
    CHECK(applied_calls == 0, "apply after set_internal: expected no action, got %d",
          applied_calls);

    expect(&h, MPIR_HINT_AT_CREATION, "count", "9", MPIR_HINT_ACCEPTED, "9");
    MPIR_Hints_apply(&h, &object);
    CHECK(applied_calls == 1 && applied_number == 9,
          "apply after an offer: expected one action with 9, got %d with %d",
          applied_calls, applied_number);
    MPIR_Hints_free(&h);

    /* Absent folds the byte 1; a value "\1" must not fold the same. */
    MPIR_Hints a, b;
    MPIR_Hints_init(&a, &label_table);
    MPIR_Hints_init(&b, &label_table);
    MPIR_Hints_offer(&b, "label", "\1", MPIR_HINT_AT_CREATION);
    CHECK(digest_of(&a) != digest_of(&b),
          "digest: expected an absent label and the label \"\\1\" to differ");
    MPIR_Hints_free(&a);
    MPIR_Hints_free(&b);
}

/* An object given no hint, or only keys the table does not know, keeps no
 * settings and allocates nothing, also when applied; it reports
 * and digests exactly as one given every default explicitly. */
static void settings_on_first_use(void)
{
    MPIR_Hints lazy, given;
    int object = 0;
    char lazy_report[1024] = "", given_report[1024] = "";

    allocations_made = 0;
    MPIR_Hints_init(&lazy, &test_table);
    MPIR_Hint_outcome unknown = MPIR_Hints_offer(&lazy, "no_such_key", "1", MPIR_HINT_AT_CREATION);
    MPIR_Hint_outcome fixed = MPIR_Hints_offer(&lazy, "fixed_flag", "true", MPIR_HINT_AT_SET_INFO);
    MPIR_Hints_apply(&lazy, &object);
    int made = allocations_made;
    CHECK(unknown == MPIR_HINT_UNKNOWN_KEY && fixed == MPIR_HINT_FIXED && object == 0,
          "no hint given: expected UNKNOWN_KEY, FIXED and no action, got %d, %d and %d",
          (int) unknown, (int) fixed, object);
    CHECK(lazy.settings == NULL && made == 0,
          "no hint given: expected no settings and no allocation, got %s and %d",
          lazy.settings ? "settings" : "none", made);
    CHECK(MPIR_Hints_number(&lazy, "ops") == 1 && MPIR_Hints_number(&lazy, "count") == 0 &&
          MPIR_Hints_number(&lazy, "ordering") == 15,
          "no hint given: expected the default numbers 1, 0 and 15, got %d, %d and %d",
          MPIR_Hints_number(&lazy, "ops"), MPIR_Hints_number(&lazy, "count"),
          MPIR_Hints_number(&lazy, "ordering"));
    /* Devices read the numbers at every creation: no allocation. */
    CHECK(allocations_made == 0, "numbers of defaults: expected no allocation, got %d",
          allocations_made);
    /* A table that keeps the numbers of its defaults (made by
     * MPIR_Hint_default_number, which gives what is parsed) is read, not
     * parsed again: marked numbers show which was used. */
    int numbers[6];
    for (int i = 0; i < 6; i++) {
        CHECK(MPIR_Hint_default_number(&test_defs[i]) == MPIR_Hints_number(&lazy, test_defs[i].key),
              "default number of %s: expected %d, got %d", test_defs[i].key,
              MPIR_Hints_number(&lazy, test_defs[i].key),
              MPIR_Hint_default_number(&test_defs[i]));
        numbers[i] = 100 + i;
    }
    MPIR_Hint_table numbered = { "test object", test_defs, 6, numbers };
    MPIR_Hints lazy_numbered;
    MPIR_Hints_init(&lazy_numbered, &numbered);
    for (int i = 0; i < 6; i++) {
        CHECK(MPIR_Hints_number(&lazy_numbered, test_defs[i].key) == 100 + i,
              "numbers of defaults kept by the table: expected %d for %s, got %d", 100 + i,
              test_defs[i].key, MPIR_Hints_number(&lazy_numbered, test_defs[i].key));
    }

    MPIR_Hints_init(&given, &test_table);
    const char *keys[] = { "flag", "fixed_flag", "ops", "ordering" };
    const char *values[] = { "false", "false", "same_op_no_op", "waw, war ,raw,rar" };
    for (int i = 0; i < 4; i++)
        MPIR_Hints_offer(&given, keys[i], values[i], MPIR_HINT_AT_CREATION);
    CHECK(given.settings != NULL, "a hint given: expected settings made");
    MPIR_Hints_report(&lazy, collect, lazy_report);
    MPIR_Hints_report(&given, collect, given_report);
    CHECK(strcmp(lazy_report, given_report) == 0,
          "no hint given: expected the report of the defaults given explicitly, '%s', got '%s'",
          given_report, lazy_report);
    CHECK(digest_of(&lazy) == digest_of(&given),
          "no hint given: expected the digest of the defaults given explicitly");
    MPIR_Hints_free(&given);

    /* A hint changed and then given its default again agrees with an
     * object that never changed it. */
    MPIR_Hints back;
    MPIR_Hints_init(&back, &test_table);
    MPIR_Hints_offer(&back, "ordering", "rar", MPIR_HINT_AT_CREATION);
    MPIR_Hints_offer(&back, "ordering", "rar,raw,war,waw", MPIR_HINT_AT_SET_INFO);
    CHECK(digest_of(&back) == digest_of(&lazy),
          "default given back: expected the digest of the defaults");
    MPIR_Hints_free(&back);

    /* One hint given pays for that hint only: the room for the settings
     * and its text, no parsed default of another hint. */
    MPIR_Hints one;
    char one_report[1024] = "";
    MPIR_Hints_init(&one, &test_table);
    allocations_made = 0;
    MPIR_Hint_outcome accepted = MPIR_Hints_offer(&one, "count", "7", MPIR_HINT_AT_CREATION);
    made = allocations_made;
    CHECK(accepted == MPIR_HINT_ACCEPTED && made == 2,
          "one hint given: expected ACCEPTED and 2 allocations, got %d and %d", (int) accepted,
          made);
    CHECK(MPIR_Hints_number(&one, "ops") == 1 && MPIR_Hints_number(&one, "count") == 7,
          "one hint given: expected numbers 1 (default) and 7, got %d and %d",
          MPIR_Hints_number(&one, "ops"), MPIR_Hints_number(&one, "count"));
    MPIR_Hints_report(&one, collect, one_report);
    CHECK(strstr(one_report, "ops=same_op_no_op") != NULL && strstr(one_report, "count=7") != NULL,
          "one hint given: expected the default of ops and count=7 reported, got '%s'",
          one_report);
    MPIR_Hints_free(&one);
    MPIR_Hints_free(&lazy);
}

/* The value in use offered again (set_info of the hints get_info gave)
 * changes nothing: no action, no allocation, the undo record of a set_info
 * keeps nothing, and nothing is pending. A different value is pending until
 * it is applied. */
static void same_value_again(void)
{
    MPIR_Hints h;
    MPIR_Hint_undo undo;
    int object = 0;

    MPIR_Hints_init(&h, &test_table);
    MPIR_Hints_offer(&h, "count", "7", MPIR_HINT_AT_CREATION);
    bool first = MPIR_Hints_apply(&h, &object);
    allocations_made = 0;
    MPIR_Hints_begin(&h, &undo);
    MPIR_Hint_outcome again = MPIR_Hints_offer(&h, "count", " 7 ", MPIR_HINT_AT_SET_INFO);
    int saved = undo.n_saved;
    bool pending_again = MPIR_Hints_changed(&h);
    MPIR_Hints_end(&h, true);
    bool second = MPIR_Hints_apply(&h, &object);
    CHECK(first && again == MPIR_HINT_ACCEPTED && !pending_again && !second && object == 1 &&
          saved == 0, "value in use offered again: expected applied once, ACCEPTED, nothing "
          "changed or kept, got first %d, outcome %d, pending %d, second %d, %d actions, "
          "%d kept", first, (int) again, pending_again, second, object, saved);
    CHECK(allocations_made <= 1, "value in use offered again: expected at most the parsed "
          "text allocated, got %d allocations", allocations_made);
    /* A hint without a check is recognised by its number alone. */
    MPIR_Hints_offer(&h, "ops", "same_op", MPIR_HINT_AT_SET_INFO);
    MPIR_Hints_apply(&h, &object);
    allocations_made = 0;
    MPIR_Hint_outcome ops_again = MPIR_Hints_offer(&h, "ops", " same_op ", MPIR_HINT_AT_SET_INFO);
    bool ops_changed = MPIR_Hints_apply(&h, &object);
    CHECK(ops_again == MPIR_HINT_ACCEPTED && allocations_made == 0 && !ops_changed,
          "enumeration in use offered again: expected ACCEPTED, no allocation, nothing changed, "
          "got %d, %d allocations, changed %d", (int) ops_again, allocations_made, ops_changed);
    /* So is the default of a hint at its default (get_info reported it). */
    allocations_made = 0;
    MPIR_Hint_outcome default_again =
        MPIR_Hints_offer(&h, "ordering", "rar,raw,war,waw", MPIR_HINT_AT_SET_INFO);
    bool default_changed = MPIR_Hints_apply(&h, &object);
    CHECK(default_again == MPIR_HINT_ACCEPTED && allocations_made == 0 && !default_changed,
          "default offered to a hint at its default: expected ACCEPTED, no allocation, nothing "
          "changed, got %d, %d allocations, changed %d", (int) default_again, allocations_made,
          default_changed);
    MPIR_Hints_offer(&h, "count", "8", MPIR_HINT_AT_SET_INFO);
    /* (set_info asks before the agreement whether anything will change) */
    bool pending = MPIR_Hints_changed(&h);
    bool third = MPIR_Hints_apply(&h, &object);
    bool pending_after = MPIR_Hints_changed(&h);
    CHECK(pending && third && !pending_after && object == 2 && applied_number == 8,
          "another value: expected it pending, then applied (8), got pending %d, applied %d, "
          "pending after %d, %d actions, number %d", pending, third, pending_after, object,
          applied_number);
    MPIR_Hints_free(&h);

    /* A setting alone in the settings (the last of their range) too. */
    MPIR_Hints lone;
    MPIR_Hints_init(&lone, &test_table);
    bool none_pending = MPIR_Hints_changed(&lone);
    MPIR_Hints_offer(&lone, "count", "9", MPIR_HINT_AT_CREATION);
    bool lone_pending = MPIR_Hints_changed(&lone);
    CHECK(!none_pending && lone_pending, "one hint given: expected nothing pending before, "
          "the hint pending after, got %d and %d", none_pending, lone_pending);
    MPIR_Hints_free(&lone);
}

/* set_info changes settings in place between MPIR_Hints_begin and
 * MPIR_Hints_end: undone, nothing has changed (also when the change made
 * the settings, or ran out of memory); kept, the new values are in use. */
static void change_undone_or_kept(void)
{
    char before[1024] = "", after[1024] = "";
    MPIR_Hint_undo undo;
    MPIR_Hints h;

    /* Undone on an object given no hint: no settings again. */
    MPIR_Hints_init(&h, &test_table);
    MPIR_Hints_begin(&h, &undo);
    CHECK(MPIR_Hints_offer(&h, "ordering", "rar", MPIR_HINT_AT_SET_INFO) == MPIR_HINT_ACCEPTED,
          "change: expected 'ordering' accepted");
    MPIR_Hints_end(&h, false);
    CHECK(h.settings == NULL && h.undo == NULL,
          "change made the settings, undone: expected no settings and no change open");

    /* Undone on an object with settings: every value as before. */
    MPIR_Hints_offer(&h, "count", "7", MPIR_HINT_AT_CREATION);
    MPIR_Hints_offer(&h, "name", "first", MPIR_HINT_AT_CREATION);
    MPIR_Hints_report(&h, collect, before);
    MPIR_Hints_begin(&h, &undo);
    MPIR_Hints_offer(&h, "count", "8", MPIR_HINT_AT_SET_INFO);
    MPIR_Hints_offer(&h, "count", "9", MPIR_HINT_AT_SET_INFO);
    MPIR_Hints_offer(&h, "ordering", "waw", MPIR_HINT_AT_SET_INFO);
    MPIR_Hints_end(&h, false);
    MPIR_Hints_report(&h, collect, after);
    CHECK(strcmp(before, after) == 0, "change undone: expected '%s', got '%s'", before, after);
    CHECK(MPIR_Hints_number(&h, "count") == 7, "change undone: expected count 7, got %d",
          MPIR_Hints_number(&h, "count"));

    /* Kept: the new values. */
    MPIR_Hints_begin(&h, &undo);
    MPIR_Hints_offer(&h, "count", "8", MPIR_HINT_AT_SET_INFO);
    MPIR_Hints_offer(&h, "name", "second", MPIR_HINT_AT_SET_INFO);
    MPIR_Hints_end(&h, true);
    CHECK(MPIR_Hints_number(&h, "count") == 8 && strcmp(text_of(&h, "name"), "second") == 0,
          "change kept: expected count 8 and name 'second', got %d and '%s'",
          MPIR_Hints_number(&h, "count"), text_of(&h, "name"));

    /* Out of memory while keeping what a change replaces: refused, and
     * nothing changes. */
    before[0] = after[0] = '\0';
    MPIR_Hints_report(&h, collect, before);
    MPIR_Hints_begin(&h, &undo);
    allocations_left = 1;       /* the new text, not the room to keep the old */
    MPIR_Hint_outcome out = MPIR_Hints_offer(&h, "count", "10", MPIR_HINT_AT_SET_INFO);
    allocations_left = -1;
    MPIR_Hints_end(&h, false);
    MPIR_Hints_report(&h, collect, after);
    CHECK(out == MPIR_HINT_NOMEM && strcmp(before, after) == 0,
          "change out of memory: expected NOMEM and '%s', got %d and '%s'", before, (int) out,
          after);
    MPIR_Hints_free(&h);
}

/* Each value in the digest ends where the next key begins: with keys "k",
 * "a" and "ba", k="b" then a="v" must not digest as k="" then ba="v". */
static const MPIR_Hint_def adjacent_defs[] = {
    {"k", MPIR_HINT_STRING, NULL, MPIR_HINT_SAME_ON_ALL, NULL, 0, 0, NULL, NULL, "k"},
    {"a", MPIR_HINT_STRING, NULL, MPIR_HINT_SAME_ON_ALL, NULL, 0, 0, NULL, NULL, "a"},
    {"ba", MPIR_HINT_STRING, NULL, MPIR_HINT_SAME_ON_ALL, NULL, 0, 0, NULL, NULL, "ba"},
};

static const MPIR_Hint_table adjacent_table = { "adjacent keys", adjacent_defs, 3 };

static void digest_separates_values(void)
{
    MPIR_Hints a, b;
    MPIR_Hints_init(&a, &adjacent_table);
    MPIR_Hints_init(&b, &adjacent_table);
    MPIR_Hints_offer(&a, "k", "b", MPIR_HINT_AT_CREATION);
    MPIR_Hints_offer(&a, "a", "v", MPIR_HINT_AT_CREATION);
    MPIR_Hints_offer(&b, "k", "", MPIR_HINT_AT_CREATION);
    MPIR_Hints_offer(&b, "ba", "v", MPIR_HINT_AT_CREATION);
    CHECK(digest_of(&a) != digest_of(&b),
          "digest: expected k='b',a='v' and k='',ba='v' to differ");
    MPIR_Hints_free(&a);
    MPIR_Hints_free(&b);
}

/* mpi_assert_memory_alloc_kinds accepts only lists of kinds MPICH
 * supports; the check returns nonzero to refuse. */
static void memory_alloc_kinds(void)
{
    static const char *const accepted[] = {
        "system", "mpi", " mpi:alloc_mem , system", "mpi:alloc_mem:win_allocate:win_allocate_shared",
        "system,mpi:win_allocate", NULL
    };
    static const char *const refused[] = {
        "", "cuda", "mpi,cuda:device", "system:alloc_mem", "mpi:", "mpi:alloc_mem:", "mpi:heap",
        "mpi,,system", "MPI", NULL
    };
    for (int i = 0; accepted[i]; i++)
        CHECK(MPIR_Hint_check_memory_alloc_kinds(NULL, 0, accepted[i]) == 0,
              "memory kinds '%s': expected accepted, got refused", accepted[i]);
    for (int i = 0; refused[i]; i++)
        CHECK(MPIR_Hint_check_memory_alloc_kinds(NULL, 0, refused[i]) != 0,
              "memory kinds '%s': expected refused, got accepted", refused[i]);
}

/* An object keeps settings only for the range of hints that left their
 * defaults (the entries outside it are not even initialized): a hint given
 * at the end of the table and then one at its start, a change undone after
 * growing the range, and a hint fixed inside it leave every other hint at
 * its default, reported, numbered and digested as before. */
static void settings_range(void)
{
    MPIR_Hints lazy, h;
    MPIR_Hint_undo undo;
    int object = 0;
    char report[1024] = "";
    const char *want;

    MPIR_Hints_init(&lazy, &test_table);
    MPIR_Hints_init(&h, &test_table);
    MPIR_Hints_offer(&h, "ordering", "rar", MPIR_HINT_AT_CREATION);
    MPIR_Hints_offer(&h, "flag", "true", MPIR_HINT_AT_CREATION);
    MPIR_Hints_report(&h, collect, report);
    want = "flag=true;fixed_flag=false;ops=same_op_no_op;ordering=rar;";
    CHECK(strcmp(report, want) == 0, "last hint then first: expected '%s', got '%s'", want,
          report);
    CHECK(MPIR_Hints_number(&h, "ops") == 1 && MPIR_Hints_number(&h, "count") == 0 &&
          MPIR_Hints_number(&h, "flag") == 1 && MPIR_Hints_number(&h, "ordering") == 1,
          "last hint then first: expected numbers 1, 0, 1 and 1, got %d, %d, %d and %d",
          MPIR_Hints_number(&h, "ops"), MPIR_Hints_number(&h, "count"),
          MPIR_Hints_number(&h, "flag"), MPIR_Hints_number(&h, "ordering"));
    /* By place, as devices read them, in the range and outside it: flag
     * true, fixed_flag false, count and name without a value, ops
     * same_op_no_op (1), ordering rar (bit 0). */
    const int by_place[6] = { 1, 0, 0, 0, 1, 1 };
    for (int i = 0; i < 6; i++)
        CHECK(MPIR_Hints_number_at(&h, i) == by_place[i], "number of %s by place: expected "
              "%d, got %d", test_defs[i].key, by_place[i], MPIR_Hints_number_at(&h, i));
    CHECK(MPIR_Hints_number_at(&h, -1) == 0, "number by place -1: expected 0, got %d",
          MPIR_Hints_number_at(&h, -1));
    MPIR_Hints_free(&h);

    /* Settings made before their table grew do not know its new places:
     * 0, as for a key they do not know, not the new hint's default. */
    MPIR_Hint_table growing = { "test object", test_defs, 4 };
    MPIR_Hints early;
    MPIR_Hints_init(&early, &growing);
    growing.n_defs = 6;
    CHECK(MPIR_Hints_number_at(&early, 4) == 0 && MPIR_Hints_number(&early, "ops") == 0,
          "a place added after the settings were made: expected 0 by place and by key, got "
          "%d and %d", MPIR_Hints_number_at(&early, 4), MPIR_Hints_number(&early, "ops"));

    /* ops (index 4) first: the undone change grows the range down to 0
     * (flag) and up to 5 (ordering, which must agree). */
    MPIR_Hints_init(&h, &test_table);
    MPIR_Hints_offer(&h, "ops", "same_op", MPIR_HINT_AT_CREATION);
    MPIR_Hints_apply(&h, &object);
    MPIR_Hints_begin(&h, &undo);
    MPIR_Hints_offer(&h, "flag", "true", MPIR_HINT_AT_SET_INFO);
    MPIR_Hints_offer(&h, "ordering", "raw", MPIR_HINT_AT_SET_INFO);
    MPIR_Hints_end(&h, false);
    report[0] = '\0';
    MPIR_Hints_report(&h, collect, report);
    want = "flag=false;fixed_flag=false;ops=same_op;ordering=rar,raw,war,waw;";
    CHECK(strcmp(report, want) == 0, "range grown by an undone change: expected '%s', got '%s'",
          want, report);
    CHECK(MPIR_Hints_number(&h, "flag") == 0 && MPIR_Hints_number(&h, "ops") == 0 &&
          MPIR_Hints_number(&h, "ordering") == 15,
          "range grown by an undone change: expected numbers 0, 0 and 15, got %d, %d and %d",
          MPIR_Hints_number(&h, "flag"), MPIR_Hints_number(&h, "ops"),
          MPIR_Hints_number(&h, "ordering"));
    CHECK(digest_of(&h) == digest_of(&lazy), "range grown by an undone change: expected the "
          "digest of the defaults (ordering back at its default)");
    CHECK(!MPIR_Hints_apply(&h, &object), "range grown by an undone change: expected nothing "
          "to apply");
    MPIR_Hints_free(&h);

    /* A hint fixed on an object without settings, then one given past it. */
    MPIR_Hints_init(&h, &test_table);
    MPIR_Hint_outcome fix = MPIR_Hints_fix(&h, "count");
    MPIR_Hint_outcome fixed = MPIR_Hints_offer(&h, "count", "3", MPIR_HINT_AT_SET_INFO);
    MPIR_Hint_outcome named = MPIR_Hints_offer(&h, "ordering", "war", MPIR_HINT_AT_SET_INFO);
    CHECK(fix == MPIR_HINT_ACCEPTED && fixed == MPIR_HINT_FIXED && named == MPIR_HINT_ACCEPTED,
          "fixed on an object without settings: expected ACCEPTED, FIXED and ACCEPTED, got %d, "
          "%d and %d", (int) fix, (int) fixed, (int) named);
    report[0] = '\0';
    MPIR_Hints_report(&h, collect, report);
    want = "flag=false;fixed_flag=false;ops=same_op_no_op;ordering=war;";
    CHECK(strcmp(report, want) == 0, "fixed on an object without settings: expected '%s', got "
          "'%s'", want, report);
    CHECK(MPIR_Hints_number(&h, "count") == 0 && MPIR_Hints_number(&h, "ops") == 1,
          "fixed on an object without settings: expected numbers 0 and 1, got %d and %d",
          MPIR_Hints_number(&h, "count"), MPIR_Hints_number(&h, "ops"));
    CHECK(digest_of(&h) != digest_of(&lazy), "ordering given: expected a digest other than the "
          "defaults'");
    MPIR_Hints_free(&h);
    MPIR_Hints_free(&lazy);
}

/* A value the implementation uses instead of the one given
 * (MPIR_Hints_use_number_at, as ch4 takes a VCI modulo the number of VCIs):
 * reported from then on for a hint with a value, a default included; a
 * hint without one stays unreported, and the same number allocates
 * nothing. */
static void number_in_use(void)
{
    MPIR_Hints h;
    int object = 0;

    MPIR_Hints_init(&h, &test_table);
    allocations_made = 0;
    MPIR_Hint_outcome outcome = MPIR_Hints_use_number_at(&h, 2, 7);
    int made = allocations_made;
    CHECK(outcome == MPIR_HINT_ACCEPTED && made == 0 &&
          strcmp(text_of(&h, "count"), "(absent)") == 0,
          "number in use for a hint without a value: expected it absent and no allocation, "
          "got '%s' and %d allocations", text_of(&h, "count"), made);
    allocations_made = 0;
    outcome = MPIR_Hints_use_number_at(&h, 0, 0);
    made = allocations_made;
    CHECK(outcome == MPIR_HINT_ACCEPTED && made == 0 && h.settings == NULL,
          "number in use equal to the default: expected no allocation, got %d", made);
    CHECK(MPIR_Hints_use_number_at(&h, 0, 1) == MPIR_HINT_ACCEPTED &&
          strcmp(text_of(&h, "flag"), "true") == 0,
          "number in use 1 for a boolean at its default false: expected 'true', got '%s'",
          text_of(&h, "flag"));

    expect(&h, MPIR_HINT_AT_CREATION, "count", "12", MPIR_HINT_ACCEPTED, "12");
    MPIR_Hints_apply(&h, &object);
    applied_calls = 0;
    CHECK(MPIR_Hints_use_number_at(&h, 2, 3) == MPIR_HINT_ACCEPTED &&
          strcmp(text_of(&h, "count"), "3") == 0 && MPIR_Hints_number(&h, "count") == 3,
          "number in use 3 for count given 12: expected '3' and 3, got '%s' and %d",
          text_of(&h, "count"), MPIR_Hints_number(&h, "count"));
    MPIR_Hints_apply(&h, &object);
    CHECK(applied_calls == 0, "apply after a number in use: expected no action, got %d",
          applied_calls);
    CHECK(MPIR_Hints_use_number_at(&h, 6, 1) == MPIR_HINT_UNKNOWN_KEY,
          "number in use outside the table: expected an unknown key");
    CHECK(MPIR_Hints_use_number_at(&h, 4, 0) == MPIR_HINT_MALFORMED,
          "number in use for an enumeration: expected malformed (BOOL and INT only)");
    MPIR_Hints_free(&h);
}

int main(void)
{
    settings_on_first_use();
    settings_range();
    types_and_rules();
    fixed_on_one_object();
    agreement_digest();
    edges();
    reported_only_and_print();
    allocation_failure();
    memory_alloc_kinds();
    change_undone_or_kept();
    digest_separates_values();
    same_value_again();
    number_in_use();
    if (failures)
        printf("%d failure(s)\n", failures);
    else
        printf("hint engine: all checks passed\n");
    return failures != 0;
}
