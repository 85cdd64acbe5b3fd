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

/* A copy large enough to be made in one block of its own (see the store's
 * header), then changed in every way: values overwritten (shorter and
 * longer), keys added (the order array and the table grow out of the
 * block) and deleted.  The pairs are known by their number, so each check
 * is direct (the model is too slow at this size). */
#define LARGE_KEYS 50000
#define LARGE_ADDED 30000

static void large_value(int i, int overwritten, char *value, size_t size)
{
    if (overwritten)
        snprintf(value, size, "over%.*d", i % 97, i);
    else
        snprintf(value, size, "%.*d", i % 80, i);
}

/* Keys 0..last-1 but those deleted (i % skip == 0 if skip), in that order,
 * with the values of large_value (overwritten: i % 3 == 0 and i < LARGE_KEYS
 * if over is set). */
static void large_check(MPIR_Info_store *s, int last, int skip, int over, const char *what)
{
    char key[32], value[128];
    int n = 0;

    for (int i = 0; i < last && !failures; i++) {
        if (skip && i % skip == 0)
            continue;
        snprintf(key, sizeof(key), "large_key_%d", i);
        large_value(i, over && i % 3 == 0 && i < LARGE_KEYS, value, sizeof(value));
        const MPIR_Info_store_entry *e = MPIR_Info_store_find(s, key);
        CHECK(e && strcmp(e->value, value) == 0 && e->value_len == strlen(value),
              "%s: key '%s': expected '%s', got '%s'", what, key, value, e ? e->value : "(absent)");
        e = MPIR_Info_store_nth(s, n++);
        CHECK(e && strcmp(e->key, key) == 0, "%s: key number %d: expected '%s', got '%s'", what,
              n - 1, key, e ? e->key : "(none)");
    }
    CHECK(MPIR_Info_store_count(s) == n, "%s: expected %d keys, got %d", what, n,
          MPIR_Info_store_count(s));
}

static void large(void)
{
    MPIR_Info_store s, c;
    char key[32], value[128];

    MPIR_Info_store_init(&s);
    for (int i = 0; i < LARGE_KEYS; i++) {
        snprintf(key, sizeof(key), "large_key_%d", i);
        large_value(i, 0, value, sizeof(value));
        MPIR_Info_store_set(&s, key, value);
    }
    MPIR_Info_store_init(&c);
    CHECK(MPIR_Info_store_copy(&c, &s) == MPIR_INFO_STORE_OK, "large copy: expected OK");
    large_check(&c, LARGE_KEYS, 0, 0, "large copy");
    for (int i = 0; i < LARGE_KEYS; i += 3) {
        snprintf(key, sizeof(key), "large_key_%d", i);
        large_value(i, 1, value, sizeof(value));
        MPIR_Info_store_set(&c, key, value);
    }
    large_check(&c, LARGE_KEYS, 0, 1, "large copy, overwritten");
    for (int i = LARGE_KEYS; i < LARGE_KEYS + LARGE_ADDED; i++) {
        snprintf(key, sizeof(key), "large_key_%d", i);
        large_value(i, 0, value, sizeof(value));
        MPIR_Info_store_set(&c, key, value);
    }
    large_check(&c, LARGE_KEYS + LARGE_ADDED, 0, 1, "large copy, keys added");
    for (int i = 0; i < LARGE_KEYS + LARGE_ADDED; i += 5) {
        snprintf(key, sizeof(key), "large_key_%d", i);
        MPIR_Info_store_delete(&c, key);
    }
    large_check(&c, LARGE_KEYS + LARGE_ADDED, 5, 1, "large copy, keys deleted");
    large_check(&s, LARGE_KEYS, 0, 0, "large original, after its copy changed");
    MPIR_Info_store_destroy(&c);
    MPIR_Info_store_destroy(&s);
}

/* A copy over the 2 MB threshold (one block), checked against the model,
 * then each kind of operation applied first to a fresh copy: the entries
 * at the end of the block, overwritten by nothing else first, are checked
 * after every change. */
#define BLOCK_KEYS 3000

static void block_value(int i, int round, char *value, size_t size)
{
    /* 600 to 899 characters: 3000 of them make more than 2 MB. */
    int len = 600 + (i * 7 + round) % 300;
    snprintf(value, size, "r%d-%d-", round, i);
    size_t at = strlen(value);
    memset(value + at, 'a' + i % 26, (size_t) len - at);
    value[len] = '\0';
}

static void large_copy_then_each_op(void)
{
    static info_model m;
    static char value[1024];
    char key[32], what[96];
    MPIR_Info_store s;

    MPIR_Info_store_init(&s);
    for (int i = 0; i < BLOCK_KEYS; i++) {
        snprintf(key, sizeof(key), "block_key_%d", i);
        block_value(i, 0, value, sizeof(value));
        MPIR_Info_store_set(&s, key, value);
        model_set(&m, key, value);
    }
    for (int op = 0; op < 9 && !failures; op++) {
        MPIR_Info_store c, cc;
        MPIR_Info_store_init(&c);
        CHECK(MPIR_Info_store_copy(&c, &s) == MPIR_INFO_STORE_OK, "block copy: expected OK");
        CHECK(c.block != NULL, "block copy: expected the copy of %d keys in one block",
              BLOCK_KEYS);
        int last = BLOCK_KEYS - 1;
        switch (op) {
            case 0:    /* a new key */
                block_value(BLOCK_KEYS, 1, value, sizeof(value));
                MPIR_Info_store_set(&c, "block_key_new", value);
                model_set(&m, "block_key_new", value);
                break;
            case 1:    /* the last entry, longer */
            case 2:    /* the last entry, shorter */
                snprintf(key, sizeof(key), "block_key_%d", last);
                if (op == 1)
                    block_value(last, 299 - (last * 7) % 300, value, sizeof(value));
                else
                    snprintf(value, sizeof(value), "short");
                MPIR_Info_store_set(&c, key, value);
                model_set(&m, key, value);
                break;
            case 3:    /* the first entry, deleted */
            case 4:    /* the last entry, deleted */
            case 5:    /* one in the middle, deleted */
                snprintf(key, sizeof(key), "block_key_%d",
                         op == 3 ? 0 : op == 4 ? last : BLOCK_KEYS / 2);
                MPIR_Info_store_delete(&c, key);
                model_delete(&m, key);
                break;
            case 6:    /* reading by position only */
                MPIR_Info_store_nth(&c, last);
                MPIR_Info_store_nth(&c, 0);
                break;
            case 7:    /* a copy of the copy, then the copy freed */
                MPIR_Info_store_init(&cc);
                MPIR_Info_store_copy(&cc, &c);
                MPIR_Info_store_destroy(&c);
                c = cc;
                break;
            case 8:    /* many new keys: the order array and table leave the block */
                for (int i = 0; i < 1000; i++) {
                    snprintf(key, sizeof(key), "block_key_added_%d", i);
                    MPIR_Info_store_set(&c, key, "added");
                    model_set(&m, key, "added");
                }
                break;
        }
        snprintf(what, sizeof(what), "block copy, then operation %d", op);
        failures += model_check(&m, &c, what);
        MPIR_Info_store_destroy(&c);
        /* Back to the original's pairs for the next operation. */
        model_clear(&m);
        for (int i = 0; i < BLOCK_KEYS; i++) {
            snprintf(key, sizeof(key), "block_key_%d", i);
            block_value(i, 0, value, sizeof(value));
            model_set(&m, key, value);
        }
        snprintf(what, sizeof(what), "block original, after operation %d on its copy", op);
        failures += model_check(&m, &s, what);
    }
    MPIR_Info_store_destroy(&s);
    model_clear(&m);
}

/* New keys in, oldest out, many times over: the holes left behind are
 * squeezed out, so memory follows the number of keys, not of operations. */
static void churn_keeps_memory_bounded(void)
{
    MPIR_Info_store s;
    char key[32];

    MPIR_Info_store_init(&s);
    for (int i = 0; i < 100000 + 16; i++) {
        snprintf(key, sizeof(key), "churn%d", i);
        MPIR_Info_store_set(&s, key, "v");
        if (i >= 16) {
            snprintf(key, sizeof(key), "churn%d", i - 16);
            MPIR_Info_store_delete(&s, key);
        }
    }
    CHECK(MPIR_Info_store_count(&s) == 16 && s.capacity <= 4 * 16 && s.index_size <= 8 * 16,
          "churn of 16 keys: expected 16 keys in an order array of at most 64 and a table of "
          "at most 128, got %d keys, %d and %d", MPIR_Info_store_count(&s), s.capacity,
          s.index_size);
    MPIR_Info_store_destroy(&s);
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
    /* Line-buffered, so that the messages of a failed check are not lost
     * when LeakSanitizer ends the process at exit. */
    setvbuf(stdout, NULL, _IOLBF, 0);
    directed();
    large();
    large_copy_then_each_op();
    churn_keeps_memory_bounded();
    for (unsigned seed = 1; seed <= 20 && !failures; seed++)
        randomized(seed, 2000, 8 + (int) seed * 5, 1);
    randomized(99, 200000, 3000, 997);
    if (failures)
        printf("%d failure(s)\n", failures);
    else
        printf("info store: all checks passed\n");
    return failures != 0;
}
