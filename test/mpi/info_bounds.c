/* Key and value length bounds (R-I2, R-I3): a key of exactly MPI_MAX_INFO_KEY
 * characters and a value of exactly MPI_MAX_INFO_VAL characters work in every
 * info routine, including the key get_nthkey returns; one more character is
 * MPI_ERR_INFO_KEY / MPI_ERR_INFO_VALUE; an empty key is MPI_ERR_INFO_KEY; a
 * failed call leaves the info as it was.
 * mpich-info-test: np=1 section=info */
#include "check.h"
#include <stdlib.h>

int main(int argc, char **argv)
{
    MPI_Info info;
    char max_key[MPI_MAX_INFO_KEY + 1], long_key[MPI_MAX_INFO_KEY + 2];
    char *max_value = malloc(MPI_MAX_INFO_VAL + 1), *long_value = malloc(MPI_MAX_INFO_VAL + 2);
    char *buf = malloc(MPI_MAX_INFO_VAL + 16);
    char key_out[MPI_MAX_INFO_KEY + 1];
    int flag, len, nkeys, buflen;

    MPI_Init(&argc, &argv);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);

    memset(max_key, 'k', MPI_MAX_INFO_KEY);
    max_key[MPI_MAX_INFO_KEY] = '\0';
    memset(long_key, 'k', MPI_MAX_INFO_KEY + 1);
    long_key[MPI_MAX_INFO_KEY + 1] = '\0';
    memset(max_value, 'v', MPI_MAX_INFO_VAL);
    max_value[MPI_MAX_INFO_VAL] = '\0';
    memset(long_value, 'v', MPI_MAX_INFO_VAL + 1);
    long_value[MPI_MAX_INFO_VAL + 1] = '\0';

    CHECK(MPI_MAX_INFO_KEY >= 32 && MPI_MAX_INFO_KEY <= 255,
          "expected 32 <= MPI_MAX_INFO_KEY <= 255, got %d", MPI_MAX_INFO_KEY);

    MPI_Info_create(&info);
    CHECK_CLASS(MPI_Info_set(info, max_key, max_value), MPI_SUCCESS);

    CHECK_CLASS(MPI_Info_get_valuelen(info, max_key, &len, &flag), MPI_SUCCESS);
    CHECK(flag && len == MPI_MAX_INFO_VAL, "get_valuelen(max key): expected %d, got flag %d len %d",
          MPI_MAX_INFO_VAL, flag, len);

    memset(buf, 0, MPI_MAX_INFO_VAL + 16);
    CHECK_CLASS(MPI_Info_get(info, max_key, MPI_MAX_INFO_VAL, buf, &flag), MPI_SUCCESS);
    CHECK(flag && strcmp(buf, max_value) == 0, "get(max key): expected the full %d-character value",
          MPI_MAX_INFO_VAL);

    buflen = MPI_MAX_INFO_VAL + 1;
    CHECK_CLASS(MPI_Info_get_string(info, max_key, &buflen, buf, &flag), MPI_SUCCESS);
    CHECK(flag && buflen == MPI_MAX_INFO_VAL + 1 && strcmp(buf, max_value) == 0,
          "get_string(max key): expected buflen %d and the full value, got flag %d buflen %d",
          MPI_MAX_INFO_VAL + 1, flag, buflen);

    memset(key_out, 0, sizeof(key_out));
    CHECK_CLASS(MPI_Info_get_nthkey(info, 0, key_out), MPI_SUCCESS);
    CHECK(strcmp(key_out, max_key) == 0,
          "get_nthkey: expected the %d-character key, got %zu characters", MPI_MAX_INFO_KEY,
          strlen(key_out));

    /* One character too many: the right class, and nothing changes. */
    CHECK_CLASS(MPI_Info_set(info, long_key, "x"), MPI_ERR_INFO_KEY);
    CHECK_CLASS(MPI_Info_set(info, "other", long_value), MPI_ERR_INFO_VALUE);
    CHECK_CLASS(MPI_Info_set(info, max_key, long_value), MPI_ERR_INFO_VALUE);
    CHECK_CLASS(MPI_Info_get(info, long_key, 10, buf, &flag), MPI_ERR_INFO_KEY);
    CHECK_CLASS(MPI_Info_get_valuelen(info, long_key, &len, &flag), MPI_ERR_INFO_KEY);
    buflen = 10;
    CHECK_CLASS(MPI_Info_get_string(info, long_key, &buflen, buf, &flag), MPI_ERR_INFO_KEY);
    CHECK_CLASS(MPI_Info_delete(info, long_key), MPI_ERR_INFO_KEY);
    CHECK_CLASS(MPI_Info_set(info, "", "x"), MPI_ERR_INFO_KEY);
    CHECK_CLASS(MPI_Info_get(info, "", 10, buf, &flag), MPI_ERR_INFO_KEY);
    CHECK_CLASS(MPI_Info_delete(info, ""), MPI_ERR_INFO_KEY);

    MPI_Info_get_nkeys(info, &nkeys);
    CHECK(nkeys == 1, "after rejected calls: expected 1 key, got %d", nkeys);
    MPI_Info_get_valuelen(info, max_key, &len, &flag);
    CHECK(flag && len == MPI_MAX_INFO_VAL, "after rejected calls: expected the value intact");

    CHECK_CLASS(MPI_Info_delete(info, max_key), MPI_SUCCESS);
    MPI_Info_get_nkeys(info, &nkeys);
    CHECK(nkeys == 0, "delete(max key): expected 0 keys, got %d", nkeys);

    MPI_Info_free(&info);
    free(max_value);
    free(long_value);
    free(buf);
    int status = check_finish(MPI_COMM_WORLD);
    MPI_Finalize();
    return status;
}
