#include "info_store_model.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int model_find(const info_model *m, const char *key)
{
    for (int i = 0; i < m->n; i++)
        if (strcmp(m->keys[i], key) == 0)
            return i;
    return -1;
}

void model_set(info_model *m, const char *key, const char *value)
{
    int i = model_find(m, key);
    if (i >= 0) {
        free(m->values[i]);
        m->values[i] = strdup(value);
        return;
    }
    if (m->n == MODEL_MAX)
        abort();
    m->keys[m->n] = strdup(key);
    m->values[m->n] = strdup(value);
    m->n++;
}

int model_delete(info_model *m, const char *key)
{
    int i = model_find(m, key);
    if (i < 0)
        return 0;
    free(m->keys[i]);
    free(m->values[i]);
    memmove(&m->keys[i], &m->keys[i + 1], sizeof(char *) * (size_t) (m->n - i - 1));
    memmove(&m->values[i], &m->values[i + 1], sizeof(char *) * (size_t) (m->n - i - 1));
    m->n--;
    return 1;
}

void model_clear(info_model *m)
{
    while (m->n > 0)
        model_delete(m, m->keys[m->n - 1]);
}

int model_check(const info_model *m, MPIR_Info_store *store, const char *what)
{
    if (MPIR_Info_store_count(store) != m->n) {
        printf("%s: expected %d keys, got %d\n", what, m->n, MPIR_Info_store_count(store));
        return 1;
    }
    for (int i = 0; i < m->n; i++) {
        const MPIR_Info_store_entry *e = MPIR_Info_store_find(store, m->keys[i]);
        if (!e || strcmp(e->value, m->values[i]) != 0 || e->value_len != strlen(m->values[i])) {
            printf("%s: key '%s': expected value '%s', got '%s'\n", what, m->keys[i],
                   m->values[i], e ? e->value : "(absent)");
            return 1;
        }
    }
    /* Positions in the usual walk order, then a few out of order. */
    for (int i = 0; i < m->n; i++) {
        const MPIR_Info_store_entry *e = MPIR_Info_store_nth(store, i);
        if (!e || strcmp(e->key, m->keys[i]) != 0) {
            printf("%s: key number %d: expected '%s', got '%s'\n", what, i, m->keys[i],
                   e ? e->key : "(none)");
            return 1;
        }
    }
    for (int i = m->n - 1; i >= 0; i -= 7) {
        const MPIR_Info_store_entry *e = MPIR_Info_store_nth(store, i);
        if (!e || strcmp(e->key, m->keys[i]) != 0) {
            printf("%s: key number %d (backwards): expected '%s', got '%s'\n", what, i,
                   m->keys[i], e ? e->key : "(none)");
            return 1;
        }
    }
    if (MPIR_Info_store_nth(store, m->n) || MPIR_Info_store_nth(store, -1)) {
        printf("%s: expected no key number %d or -1, got one\n", what, m->n);
        return 1;
    }
    if (MPIR_Info_store_find(store, "no such key, ever") != NULL) {
        printf("%s: expected an absent key to be absent\n", what);
        return 1;
    }
    return 0;
}
