/* The MPI_Info routines as MPI-4.1 defines them (R-I5..R-I11): truncation by
 * MPI_Info_get and MPI_Info_get_string, outputs untouched for absent keys,
 * case-sensitive keys, insertion order kept across overwrite and delete,
 * independent ordered dup, MPI_ERR_INFO_NOKEY, get_nthkey range, invalid
 * handles, and a read-only MPI_INFO_ENV.
 * mpich-info-test: np=1,2 section=info */
#include "check.h"

static void check_keys(MPI_Info info, const char *const *want, int n, const char *what)
{
    int nkeys;
    char key[MPI_MAX_INFO_KEY + 1];
    MPI_Info_get_nkeys(info, &nkeys);
    CHECK(nkeys == n, "%s: expected %d keys, got %d", what, n, nkeys);
    for (int i = 0; i < n && i < nkeys; i++) {
        MPI_Info_get_nthkey(info, i, key);
        CHECK(strcmp(key, want[i]) == 0, "%s: key %d: expected '%s', got '%s'", what, i, want[i],
              key);
    }
}

int main(int argc, char **argv)
{
    MPI_Info info, dup, freed;
    char buf[64];
    int flag, len, buflen, nkeys;

    MPI_Init(&argc, &argv);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);

    MPI_Info_create(&info);
    MPI_Info_set(info, "alpha", "0123456789");

    /* MPI_Info_get: valuelen is one less than the buffer; a longer value is
     * truncated, and that is not an error. */
    memset(buf, '#', sizeof(buf));
    CHECK_CLASS(MPI_Info_get(info, "alpha", 4, buf, &flag), MPI_SUCCESS);
    CHECK(flag && strcmp(buf, "0123") == 0, "get(valuelen 4): expected '0123', got '%.12s'", buf);
    CHECK(buf[5] == '#', "get(valuelen 4): expected nothing written past byte 5");
    CHECK_CLASS(MPI_Info_get(info, "alpha", 10, buf, &flag), MPI_SUCCESS);
    CHECK(flag && strcmp(buf, "0123456789") == 0, "get(valuelen 10): expected the whole value");

    /* Absent key: flag false, outputs untouched. */
    strcpy(buf, "untouched");
    flag = 1;
    CHECK_CLASS(MPI_Info_get(info, "beta", 10, buf, &flag), MPI_SUCCESS);
    CHECK(!flag && strcmp(buf, "untouched") == 0, "get(absent): expected flag 0, value untouched");
    len = 77;
    CHECK_CLASS(MPI_Info_get_valuelen(info, "beta", &len, &flag), MPI_SUCCESS);
    CHECK(!flag && len == 77, "get_valuelen(absent): expected flag 0, len untouched, got %d", len);
    buflen = 5;
    CHECK_CLASS(MPI_Info_get_string(info, "beta", &buflen, buf, &flag), MPI_SUCCESS);
    CHECK(!flag && strcmp(buf, "untouched") == 0, "get_string(absent): expected value untouched");

    /* MPI_Info_get_string: buflen counts the NUL and comes back as the size
     * needed; 0 leaves value alone (NULL allowed). */
    buflen = 0;
    CHECK_CLASS(MPI_Info_get_string(info, "alpha", &buflen, NULL, &flag), MPI_SUCCESS);
    CHECK(flag && buflen == 11, "get_string(buflen 0): expected buflen 11, got %d", buflen);
    memset(buf, '#', sizeof(buf));
    buflen = 5;
    CHECK_CLASS(MPI_Info_get_string(info, "alpha", &buflen, buf, &flag), MPI_SUCCESS);
    CHECK(flag && buflen == 11 && strcmp(buf, "0123") == 0,
          "get_string(buflen 5): expected '0123' and 11, got '%.12s' and %d", buf, buflen);
    CHECK(buf[5] == '#', "get_string(buflen 5): expected nothing written past the buffer");
    buflen = 1;
    CHECK_CLASS(MPI_Info_get_string(info, "alpha", &buflen, buf, &flag), MPI_SUCCESS);
    CHECK(flag && buflen == 11 && buf[0] == '\0', "get_string(buflen 1): expected ''");
    buflen = 11;
    CHECK_CLASS(MPI_Info_get_string(info, "alpha", &buflen, buf, &flag), MPI_SUCCESS);
    CHECK(flag && buflen == 11 && strcmp(buf, "0123456789") == 0, "get_string(exact): wrong");
    buflen = 64;
    CHECK_CLASS(MPI_Info_get_string(info, "alpha", &buflen, buf, &flag), MPI_SUCCESS);
    CHECK(flag && buflen == 11 && strcmp(buf, "0123456789") == 0, "get_string(larger): wrong");

    /* Case-sensitive keys; an empty value is a value. */
    MPI_Info_set(info, "ALPHA", "upper");
    MPI_Info_get_valuelen(info, "alpha", &len, &flag);
    CHECK(flag && len == 10, "case: expected 'alpha' untouched by 'ALPHA'");
    MPI_Info_set(info, "empty", "");
    MPI_Info_get_valuelen(info, "empty", &len, &flag);
    CHECK(flag && len == 0, "empty value: expected present with length 0, got %d %d", flag, len);

    /* Insertion order, kept across overwrite and delete. */
    const char *order1[] = { "alpha", "ALPHA", "empty" };
    check_keys(info, order1, 3, "insertion order");
    MPI_Info_set(info, "alpha", "new");
    check_keys(info, order1, 3, "after overwrite");
    CHECK_CLASS(MPI_Info_delete(info, "ALPHA"), MPI_SUCCESS);
    const char *order2[] = { "alpha", "empty" };
    check_keys(info, order2, 2, "after delete");
    CHECK_CLASS(MPI_Info_delete(info, "ALPHA"), MPI_ERR_INFO_NOKEY);
    CHECK_CLASS(MPI_Info_get_nthkey(info, 2, buf), MPI_ERR_ARG);
    CHECK_CLASS(MPI_Info_get_nthkey(info, -1, buf), MPI_ERR_ARG);

    /* Dup: same pairs, same order, independent. */
    MPI_Info_dup(info, &dup);
    check_keys(dup, order2, 2, "dup");
    MPI_Info_set(info, "only_in_original", "1");
    MPI_Info_set(dup, "alpha", "changed in dup");
    MPI_Info_get(info, "alpha", 63, buf, &flag);
    CHECK(strcmp(buf, "new") == 0, "dup is independent: expected 'new', got '%s'", buf);
    MPI_Info_get_nkeys(dup, &nkeys);
    CHECK(nkeys == 2, "dup is independent: expected 2 keys in the dup, got %d", nkeys);
    MPI_Info_free(&dup);
    CHECK(dup == MPI_INFO_NULL, "free: expected the handle set to MPI_INFO_NULL");

    /* Invalid handles. */
    CHECK_CLASS(MPI_Info_set(MPI_INFO_NULL, "k", "v"), MPI_ERR_INFO);
    CHECK_CLASS(MPI_Info_get_nkeys(MPI_INFO_NULL, &nkeys), MPI_ERR_INFO);
    MPI_Info_create(&freed);
    dup = freed;
    MPI_Info_free(&freed);
    CHECK_CLASS(MPI_Info_get_nkeys(dup, &nkeys), MPI_ERR_INFO);
    CHECK_CLASS(MPI_Info_set(dup, "k", "v"), MPI_ERR_INFO);

    /* MPI_INFO_ENV is predefined: reading works, changing it fails and
     * leaves it intact. */
    int env_keys, env_keys_after;
    MPI_Info env = MPI_INFO_ENV;
    CHECK_CLASS(MPI_Info_get_nkeys(MPI_INFO_ENV, &env_keys), MPI_SUCCESS);
    CHECK_CLASS(MPI_Info_set(MPI_INFO_ENV, "mine", "1"), MPI_ERR_INFO);
    CHECK_CLASS(MPI_Info_delete(MPI_INFO_ENV, "mine"), MPI_ERR_INFO);
    CHECK_CLASS(MPI_Info_free(&env), MPI_ERR_INFO);
    CHECK(env == MPI_INFO_ENV, "free(MPI_INFO_ENV): expected the handle left as it was");
    MPI_Info_get_nkeys(MPI_INFO_ENV, &env_keys_after);
    CHECK(env_keys == env_keys_after, "MPI_INFO_ENV: expected %d keys still, got %d", env_keys,
          env_keys_after);

    MPI_Info_free(&info);
    int status = check_finish(MPI_COMM_WORLD);
    MPI_Finalize();
    return status;
}
