/* Every communicator hint a device reads works when a communicator is
 * created with it (MPI_Comm_dup_with_info, MPI_Comm_split_type), and
 * MPI_Comm_set_info changes it where it may change and keeps it where it
 * is fixed at creation. After each step the communicator must still carry
 * messages. MPICH 4.0.2 failed the assertion csel_ when a communicator
 * was created with multi_nic_pref_nic on ch4:ofi (the preferred NICs were
 * exchanged before the communicator could do collectives).
 * get_info reports the value the device uses: one it adjusted (ch4 keeps
 * a VCI modulo the number of VCIs, MPIR_CVAR_CH4_NUM_VCIS, read through
 * MPI_T), and never a mark of its own (ch3 turns a threshold of 0 into
 * -1, "the connection's default"), which set_info would refuse.
 * mpich-info-test: np=2,4 section=info */
#include "check.h"
#include <stdlib.h>

struct device_hint {
    const char *device;         /* prefix of the device name; "" for all */
    const char *key;
    const char *given;          /* at creation */
    const char *reported;       /* what get_info then reports; NULL: the
                                 * VCI given modulo the number of VCIs */
    const char *changed;        /* then given to MPI_Comm_set_info */
    int changeable;             /* set_info changes it (else it stays) */
};

static const struct device_hint hints[] = {
    {"ch4:ofi", "enable_multi_nic_striping", "true", "true", "false", 0},
    {"ch4:ofi", "enable_multi_nic_hashing", "true", "true", "false", 0},
    {"ch4:ofi", "multi_nic_pref_nic", "0", "0", "1", 0},
    {"ch4", "sender_vci", "0", "0", "1", 0},
    {"ch4", "receiver_vci", "0", "0", "1", 0},
    {"ch4", "vci", "0", "0", "1", 0},
    {"ch4", "sender_vci", "5", NULL, "1", 0},
    {"ch4", "vci", "3", NULL, "1", 0},
    {"ch4:ofi", "eagain", "true", "true", "false", 1},
    {"ch3", "eager_rendezvous_threshold", "65536", "65536", "131072", 1},
    {"ch3", "eager_rendezvous_threshold", "0", "0", "131072", 1},
};

/* The device of this MPICH, from its configure options. */
static void device_name(char *dev, size_t len)
{
    char version[MPI_MAX_LIBRARY_VERSION_STRING];
    int n;
    MPI_Get_library_version(version, &n);
    const char *d = strstr(version, "--with-device=");
    dev[0] = '\0';
    if (d) {
        d += strlen("--with-device=");
        size_t k = strcspn(d, " \n\t'\"");
        if (k >= len)
            k = len - 1;
        memcpy(dev, d, k);
        dev[k] = '\0';
    }
}

static void expect_reported(MPI_Comm comm, const char *key, const char *want, const char *when)
{
    MPI_Info used;
    char value[MPI_MAX_INFO_VAL + 1] = "";
    int flag = 0;
    MPI_Comm_get_info(comm, &used);
    MPI_Info_get(used, key, MPI_MAX_INFO_VAL, value, &flag);
    MPI_Info_free(&used);
    CHECK(flag && strcmp(value, want) == 0, "%s %s: expected %s reported as '%s', got %s%s%s",
          when, key, key, want, flag ? "'" : "no value", flag ? value : "", flag ? "'" : "");
}

/* A message around the ring of comm arrives whole. */
static void expect_ring(MPI_Comm comm, const char *key, const char *when)
{
    int rank, size, got = -1;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    int rc = MPI_Sendrecv(&rank, 1, MPI_INT, (rank + 1) % size, 7, &got, 1, MPI_INT,
                          (rank + size - 1) % size, 7, comm, MPI_STATUS_IGNORE);
    CHECK(rc == MPI_SUCCESS && got == (rank + size - 1) % size,
          "%s %s: expected %d around the ring, got %d (%s)", when, key,
          (rank + size - 1) % size, got, error_class_name(error_class(rc)));
}

static void expect_success(int rc, const char *call, const struct device_hint *h)
{
    char text[MPI_MAX_ERROR_STRING] = "";
    int len;
    if (rc != MPI_SUCCESS)
        MPI_Error_string(rc, text, &len);
    CHECK(rc == MPI_SUCCESS, "%s with %s=%s: expected MPI_SUCCESS, got %s: %s", call, h->key,
          h->given, error_class_name(error_class(rc)), text);
}

/* MPIR_CVAR_CH4_NUM_VCIS; 1 if MPI_T cannot read it.  MPI_T stays
 * initialized: MPICH 4.0.2's MPI_T_finalize frees the string values of
 * every control variable, also while MPI is initialized, and the next
 * MPI_Comm_split_type then reads a freed one (SIGSEGV in strcmp). */
static int ch4_vcis(void)
{
    static int n = 0;
    int provided, index, count;
    MPI_T_cvar_handle handle;
    if (n > 0)
        return n;
    n = 1;
    if (MPI_T_init_thread(MPI_THREAD_SINGLE, &provided) != MPI_SUCCESS)
        return n;
    if (MPI_T_cvar_get_index("MPIR_CVAR_CH4_NUM_VCIS", &index) == MPI_SUCCESS &&
        MPI_T_cvar_handle_alloc(index, NULL, &handle, &count) == MPI_SUCCESS) {
        if (MPI_T_cvar_read(handle, &n) != MPI_SUCCESS || n < 1)
            n = 1;
        MPI_T_cvar_handle_free(&handle);
    }
    return n;
}

static void exercise(MPI_Comm comm, const struct device_hint *h, const char *how)
{
    char when[128], vci[16];
    const char *reported = h->reported;
    if (!reported) {
        snprintf(vci, sizeof(vci), "%d", atoi(h->given) % ch4_vcis());
        reported = vci;
    }
    snprintf(when, sizeof(when), "created by %s:", how);
    expect_reported(comm, h->key, reported, when);
    expect_ring(comm, h->key, when);

    MPI_Info change;
    MPI_Info_create(&change);
    MPI_Info_set(change, h->key, h->changed);
    snprintf(when, sizeof(when), "created by %s, then MPI_Comm_set_info:", how);
    expect_success(MPI_Comm_set_info(comm, change), when, h);
    MPI_Info_free(&change);
    expect_reported(comm, h->key, h->changeable ? h->changed : reported, when);
    expect_ring(comm, h->key, when);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    char dev[64];
    device_name(dev, sizeof(dev));
    CHECK(dev[0] != '\0', "expected --with-device= in MPI_Get_library_version, found none");

    int tried = 0;
    for (size_t i = 0; i < sizeof(hints) / sizeof(hints[0]); i++) {
        const struct device_hint *h = &hints[i];
        if (strncmp(dev, h->device, strlen(h->device)) != 0)
            continue;
        tried++;
        MPI_Info info;
        MPI_Info_create(&info);
        MPI_Info_set(info, h->key, h->given);

        MPI_Comm comm = MPI_COMM_NULL;
        expect_success(MPI_Comm_dup_with_info(MPI_COMM_WORLD, info, &comm),
                       "MPI_Comm_dup_with_info", h);
        if (comm != MPI_COMM_NULL) {
            exercise(comm, h, "MPI_Comm_dup_with_info");
            MPI_Comm_free(&comm);
        }
        expect_success(MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, info, &comm),
                       "MPI_Comm_split_type(SHARED)", h);
        if (comm != MPI_COMM_NULL) {
            exercise(comm, h, "MPI_Comm_split_type(SHARED)");
            MPI_Comm_free(&comm);
        }
        MPI_Info_free(&info);
    }
    CHECK(tried >= 1, "expected a hint of device %s, tried %d", dev, tried);

    int failures = check_failures, total = 0;
    MPI_Allreduce(&failures, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0)
        printf("%s: %d device hints, %d failures\n", dev, tried, total);
    MPI_Finalize();
    return total ? 1 : 0;
}
