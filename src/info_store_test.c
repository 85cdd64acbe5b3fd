/* Unit test of MPICH's info store (src/mpi/info/info_store.c of the patched
 * tree, compiled in here): directed cases for the order rules, then long
 * random sequences of set/overwrite/delete/copy checked against a model. */
#include "mpi/info/info_store.c"
#include "info_store_model.h"
#include <stdio.h>
#include <stdlib.h>

static int failures;

#define CHECK(cond, ...) do { if (!(cond)) { printf(__VA_ARGS__); printf("\n"); failures++; } } while (0)

static void check_order(MPIR_Info_store *s, const char *const *expected, int n, const char *what)
{
    CHECK(MPIR_Info_store_count(s) == n, "%s: expected %d keys, got %d", what, n,
          MPIR_Info_store_count(s));
    for (int i = 0; i < n; i++) {
        const MPIR_Info_store_entry *e = MPIR_Info_store_nth(s, i);
        CHECK(e && strcmp(e->key, expected[i]) == 0, "%s: key %d: expected '%s', got '%s'",
              what, i, expected[i], e ? e->key : "(none)");
    }
}

static void directed(void)
{
    MPIR_Info_store s, copy;
    MPIR_Info_store_init(&s);

    MPIR_Info_store_set(&s, "b", "1");
    MPIR_Info_store_set(&s, "a", "2");
    MPIR_Info_store_set(&s, "c", "3");
    const char *order1[] = { "b", "a", "c" };
    check_order(&s, order1, 3, "insertion order");

    MPIR_Info_store_set(&s, "a", "overwritten");
    check_order(&s, order1, 3, "overwrite keeps position");
    CHECK(strcmp(MPIR_Info_store_find(&s, "a")->value, "overwritten") == 0,
          "overwrite: expected 'overwritten', got '%s'", MPIR_Info_store_find(&s, "a")->value);

    CHECK(MPIR_Info_store_delete(&s, "b") == MPIR_INFO_STORE_OK, "delete b: expected OK");
    const char *order2[] = { "a", "c" };
    check_order(&s, order2, 2, "delete keeps relative order");
    CHECK(MPIR_Info_store_delete(&s, "b") == MPIR_INFO_STORE_NOKEY,
          "second delete of b: expected NOKEY");

    MPIR_Info_store_set(&s, "b", "again");
    const char *order3[] = { "a", "c", "b" };
    check_order(&s, order3, 3, "re-added key goes last");

    /* Keys differing only in case are different keys. */
    MPIR_Info_store_set(&s, "A", "upper");
    CHECK(strcmp(MPIR_Info_store_find(&s, "a")->value, "overwritten") == 0,
          "case: expected 'a' untouched by 'A'");

    /* Empty value is a value. */
    MPIR_Info_store_set(&s, "empty", "");
    CHECK(MPIR_Info_store_find(&s, "empty") && MPIR_Info_store_find(&s, "empty")->value_len == 0,
          "empty value: expected present with length 0");

    MPIR_Info_store_init(&copy);
    CHECK(MPIR_Info_store_copy(&copy, &s) == MPIR_INFO_STORE_OK, "copy: expected OK");
    MPIR_Info_store_set(&s, "a", "changed after copy");
    CHECK(strcmp(MPIR_Info_store_find(&copy, "a")->value, "overwritten") == 0,
          "copy is independent: expected 'overwritten', got '%s'",
          MPIR_Info_store_find(&copy, "a")->value);
    const char *order4[] = { "a", "c", "b", "A", "empty" };
    check_order(&copy, order4, 5, "copy keeps order");

    MPIR_Info_store_destroy(&copy);
    MPIR_Info_store_destroy(&s);
    CHECK(MPIR_Info_store_count(&s) == 0, "destroy: expected an empty store");
}

/* Random operations over a small key space (so overwrites and deletes hit),
 * checked against the model after every step or every few hundred. */
static void randomized(unsigned seed, int steps, int key_space, int check_every)
{
    static info_model m;
    MPIR_Info_store s;
    char key[64], value[64], what[96];

    srand(seed);
    MPIR_Info_store_init(&s);
    for (int step = 0; step < steps && !failures; step++) {
        int op = rand() % 10;
        snprintf(key, sizeof(key), "key%d", rand() % key_space);
        /* Values of 1 to 41 characters, so overwrites change lengths. */
        snprintf(value, sizeof(value), "v%.*d", rand() % 40, rand());
        if (op < 5) {
            MPIR_Info_store_set(&s, key, value);
            model_set(&m, key, value);
        } else if (op < 9) {
            int want = model_delete(&m, key);
            int got = MPIR_Info_store_delete(&s, key) == MPIR_INFO_STORE_OK;
            CHECK(want == got, "seed %u step %d: delete '%s': expected %s, got %s", seed, step,
                  key, want ? "OK" : "NOKEY", got ? "OK" : "NOKEY");
        } else {
            /* Replace the store by a copy of itself. */
            MPIR_Info_store c;
            MPIR_Info_store_init(&c);
            MPIR_Info_store_copy(&c, &s);
            MPIR_Info_store_destroy(&s);
            s = c;
        }
        if (step % check_every == 0) {
            snprintf(what, sizeof(what), "seed %u step %d", seed, step);
            failures += model_check(&m, &s, what);
        }
    }
    snprintf(what, sizeof(what), "seed %u end", seed);
    failures += model_check(&m, &s, what);
    MPIR_Info_store_destroy(&s);
    model_clear(&m);
}

int main(void)
{
    directed();
    for (unsigned seed = 1; seed <= 20 && !failures; seed++)
        randomized(seed, 2000, 8 + (int) seed * 5, 1);
    randomized(99, 200000, 3000, 997);
    if (failures)
        printf("%d failure(s)\n", failures);
    else
        printf("info store: all checks passed\n");
    return failures != 0;
}
