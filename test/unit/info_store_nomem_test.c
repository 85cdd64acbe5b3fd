/* Unit test of the info store under allocation failure: every allocation a
 * set, overwrite or copy makes is made to fail in turn. The operation must
 * report MPIR_INFO_STORE_NOMEM and leave the store exactly as it was
 * (checked against the model), a failed copy must leave an empty store, and
 * nothing may leak (LeakSanitizer checks at exit). Sizes up to 70 keys take
 * each operation across the points where the store grows its arrays. */
#include "mpl.h"
#include <stdio.h>
#include <stdlib.h>

/* Allocations still allowed before the next one fails; -1: none fails. */
static int allocations_left = -1;
static int failures_injected;

static int allocation_allowed(void)
{
    if (allocations_left == 0) {
        failures_injected++;
        return 0;
    }
    if (allocations_left > 0)
        allocations_left--;
    return 1;
}

static void *failing_malloc(size_t size)
{
    return allocation_allowed() ? malloc(size) : NULL;
}

static void *failing_realloc(void *ptr, size_t size)
{
    return allocation_allowed() ? realloc(ptr, size) : NULL;
}

#undef MPL_direct_malloc
#undef MPL_direct_realloc
#define MPL_direct_malloc failing_malloc
#define MPL_direct_realloc failing_realloc
#include "mpi/info/info_store.c"
#include "info_store_model.h"

static int failures;

/* Try op with the k-th allocation failing, k = 0, 1, ... until it succeeds.
 * Every failed try must leave the store as the model says. */
static void set_until_it_works(MPIR_Info_store *s, info_model *m, const char *key,
                               const char *value, const char *what)
{
    for (int k = 0;; k++) {
        allocations_left = k;
        MPIR_Info_store_result rc = MPIR_Info_store_set(s, key, value);
        allocations_left = -1;
        if (rc == MPIR_INFO_STORE_OK) {
            model_set(m, key, value);
            failures += model_check(m, s, what);
            return;
        }
        if (rc != MPIR_INFO_STORE_NOMEM) {
            printf("%s: allocation %d failing: expected NOMEM, got %d\n", what, k, (int) rc);
            failures++;
            return;
        }
        char after[128];
        snprintf(after, sizeof(after), "%s, after allocation %d failed", what, k);
        if (model_check(m, s, after)) {
            failures++;
            return;
        }
    }
}

static void copy_until_it_works(MPIR_Info_store *s, info_model *m, const char *what)
{
    for (int k = 0;; k++) {
        MPIR_Info_store copy;
        MPIR_Info_store_init(&copy);
        allocations_left = k;
        MPIR_Info_store_result rc = MPIR_Info_store_copy(&copy, s);
        allocations_left = -1;
        if (rc == MPIR_INFO_STORE_OK) {
            failures += model_check(m, &copy, what);
            MPIR_Info_store_destroy(&copy);
            return;
        }
        if (rc != MPIR_INFO_STORE_NOMEM || MPIR_Info_store_count(&copy) != 0) {
            printf("%s: allocation %d failing: expected NOMEM and an empty copy, got %d and %d keys\n",
                   what, k, (int) rc, MPIR_Info_store_count(&copy));
            failures++;
            return;
        }
        failures += model_check(m, s, what);
        MPIR_Info_store_destroy(&copy);
    }
}

int main(void)
{
    static info_model m;
    MPIR_Info_store s;
    char key[32], value[64], what[96];

    MPIR_Info_store_init(&s);
    for (int n = 0; n < 70 && !failures; n++) {
        snprintf(key, sizeof(key), "key%d", n);
        snprintf(what, sizeof(what), "new key %d", n);
        set_until_it_works(&s, &m, key, "v", what);

        /* Overwrite an earlier key with a longer, then a shorter value. */
        snprintf(key, sizeof(key), "key%d", n / 2);
        snprintf(value, sizeof(value), "a much longer value for key %d", n / 2);
        snprintf(what, sizeof(what), "overwrite key %d, longer", n / 2);
        set_until_it_works(&s, &m, key, value, what);
        snprintf(what, sizeof(what), "overwrite key %d, shorter", n / 2);
        set_until_it_works(&s, &m, key, "s", what);

        snprintf(what, sizeof(what), "copy of %d keys", n + 1);
        copy_until_it_works(&s, &m, what);
    }
    /* Deletes allocate nothing; one with holes left behind, then a re-add
     * that may compact or grow. */
    for (int n = 0; n < 70 && !failures; n += 3) {
        snprintf(key, sizeof(key), "key%d", n);
        model_delete(&m, key);
        MPIR_Info_store_delete(&s, key);
        snprintf(what, sizeof(what), "re-add key %d after deletes", n);
        set_until_it_works(&s, &m, key, "back", what);
    }
    MPIR_Info_store_destroy(&s);
    model_clear(&m);

    /* A store over the 2 MB threshold: its copy is one block, allocated at
     * once; then a copy's entries, in the block, are overwritten and keys
     * added to it, each with every allocation failing in turn. */
    static char big[1024];
    MPIR_Info_store_init(&s);
    for (int n = 0; n < 3000; n++) {
        snprintf(key, sizeof(key), "big%d", n);
        memset(big, 'a' + n % 26, 700);
        big[700] = '\0';
        MPIR_Info_store_set(&s, key, big);
        model_set(&m, key, big);
    }
    copy_until_it_works(&s, &m, "copy over 2 MB");
    MPIR_Info_store copy;
    MPIR_Info_store_init(&copy);
    MPIR_Info_store_result copied = MPIR_Info_store_copy(&copy, &s);
    if (copied != MPIR_INFO_STORE_OK || copy.block == NULL) {
        printf("copy over 2 MB: expected a copy in one block, got %s\n",
               copied != MPIR_INFO_STORE_OK ? "an error" : "no block");
        failures++;
    }
    set_until_it_works(&copy, &m, "big2999", "overwritten in the block", "overwrite in a block");
    set_until_it_works(&copy, &m, "big-new", "added to a block copy", "new key in a block copy");
    MPIR_Info_store_destroy(&copy);
    MPIR_Info_store_destroy(&s);
    model_clear(&m);

    if (failures_injected == 0) {
        printf("no allocation failure was injected: the test did not run\n");
        failures++;
    }
    if (failures)
        printf("%d failure(s)\n", failures);
    else
        printf("info store under allocation failure: %d failures injected, all checks passed\n",
               failures_injected);
    return failures != 0;
}
