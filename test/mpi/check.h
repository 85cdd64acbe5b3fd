/* Helpers shared by the project's C MPI tests: count failures and print what
 * was expected and what came. Header-only so each test stays one file. */
#ifndef MPICH_INFO_TEST_CHECK_H
#define MPICH_INFO_TEST_CHECK_H

#include <mpi.h>
#include <stdio.h>
#include <string.h>

static int check_failures;

#define CHECK(cond, ...)                                                    \
    do {                                                                    \
        if (!(cond)) {                                                      \
            fprintf(stderr, "%s:%d: ", __FILE__, __LINE__);                 \
            fprintf(stderr, __VA_ARGS__);                                   \
            fprintf(stderr, "\n");                                          \
            check_failures++;                                               \
        }                                                                   \
    } while (0)

static inline const char *error_class_name(int cls)
{
    switch (cls) {
        case MPI_SUCCESS: return "MPI_SUCCESS";
        case MPI_ERR_ARG: return "MPI_ERR_ARG";
        case MPI_ERR_INFO: return "MPI_ERR_INFO";
        case MPI_ERR_INFO_KEY: return "MPI_ERR_INFO_KEY";
        case MPI_ERR_INFO_VALUE: return "MPI_ERR_INFO_VALUE";
        case MPI_ERR_INFO_NOKEY: return "MPI_ERR_INFO_NOKEY";
        case MPI_ERR_OTHER: return "MPI_ERR_OTHER";
        case MPI_ERR_NOT_SAME: return "MPI_ERR_NOT_SAME";
        case MPI_ERR_NO_MEM: return "MPI_ERR_NO_MEM";
        case MPI_ERR_NO_SUCH_FILE: return "MPI_ERR_NO_SUCH_FILE";
        case MPI_ERR_GROUP: return "MPI_ERR_GROUP";
        case MPI_ERR_SESSION: return "MPI_ERR_SESSION";
        case MPI_ERR_RANK: return "MPI_ERR_RANK";
        case MPI_ERR_TAG: return "MPI_ERR_TAG";
        case MPI_ERR_COUNT: return "MPI_ERR_COUNT";
        case MPI_ERR_TRUNCATE: return "MPI_ERR_TRUNCATE";
        case MPI_ERR_RMA_SYNC: return "MPI_ERR_RMA_SYNC";
        case MPI_ERR_IN_STATUS: return "MPI_ERR_IN_STATUS";
        default: return "another class";
    }
}

/* The class of the error code a call returned (MPI_SUCCESS: none). */
static inline int error_class(int rc)
{
    int cls = rc;
    if (rc != MPI_SUCCESS)
        MPI_Error_class(rc, &cls);
    return cls;
}

/* Check that a call returned an error of class want (MPI_SUCCESS: no error). */
#define CHECK_CLASS(call, want)                                             \
    do {                                                                    \
        int cls_ = error_class(call);                                       \
        CHECK(cls_ == (want), "%s: expected %s, got %s (%d)", #call,        \
              error_class_name(want), error_class_name(cls_), cls_);        \
    } while (0)

/* MPI_Session_init asking for the thread level named LEVEL (such as
 * "MPI_THREAD_MULTIPLE") with MPI_ERRORS_RETURN; returns its error code. */
static inline int session_init_at(const char *level, MPI_Session * session)
{
    MPI_Info info;
    MPI_Info_create(&info);
    MPI_Info_set(info, "thread_level", level);
    int rc = MPI_Session_init(info, MPI_ERRORS_RETURN, session);
    MPI_Info_free(&info);
    return rc;
}

/* A new info holding the (key, value) pairs of a NULL-terminated list
 * {key, value, key, value, ..., NULL}. */
static inline MPI_Info info_of(const char *const *pairs)
{
    MPI_Info info;
    MPI_Info_create(&info);
    for (int i = 0; pairs[i]; i += 2)
        MPI_Info_set(info, pairs[i], pairs[i + 1]);
    return info;
}

/* The value an info made by get_info holds for key, or "(absent)"; frees
 * the info.  The string lasts until the next call. */
static inline const char *hint_value(MPI_Info info, const char *key)
{
    static char value[MPI_MAX_INFO_VAL + 1];
    int flag = 0, buflen = sizeof(value);
    MPI_Info_get_string(info, key, &buflen, value, &flag);
    MPI_Info_free(&info);
    return flag ? value : "(absent)";
}

/* What get_info reports for key on an object of each kind, or "(absent)".
 * Communicators and windows are both ints in MPICH's mpi.h, so the kind is
 * in the name rather than in the argument's type. */
static inline const char *comm_reported(MPI_Comm comm, const char *key)
{
    MPI_Info info;
    MPI_Comm_get_info(comm, &info);
    return hint_value(info, key);
}

static inline const char *win_reported(MPI_Win win, const char *key)
{
    MPI_Info info;
    MPI_Win_get_info(win, &info);
    return hint_value(info, key);
}

static inline const char *file_reported(MPI_File fh, const char *key)
{
    MPI_Info info;
    MPI_File_get_info(fh, &info);
    return hint_value(info, key);
}

/* Check what get_info reports for key on an object of KIND (comm, win or
 * file). */
#define EXPECT_HINT(kind, object, key, want, what)                          \
    do {                                                                    \
        const char *got_ = kind##_reported(object, key);                    \
        CHECK(strcmp(got_, want) == 0, "%s: %s: expected '%s', got '%s'",   \
              what, key, want, got_);                                       \
    } while (0)

/* Two infos hold the same pairs in the same order. */
static inline void check_same_info(MPI_Info a, MPI_Info b, const char *what)
{
    int na, nb;
    char ka[MPI_MAX_INFO_KEY + 1], kb[MPI_MAX_INFO_KEY + 1];
    char va[MPI_MAX_INFO_VAL + 1], vb[MPI_MAX_INFO_VAL + 1];
    MPI_Info_get_nkeys(a, &na);
    MPI_Info_get_nkeys(b, &nb);
    CHECK(na == nb, "%s: expected %d keys, got %d", what, na, nb);
    for (int i = 0; i < na && i < nb; i++) {
        int fa, fb, la = sizeof(va), lb = sizeof(vb);
        MPI_Info_get_nthkey(a, i, ka);
        MPI_Info_get_nthkey(b, i, kb);
        MPI_Info_get_string(a, ka, &la, va, &fa);
        MPI_Info_get_string(b, kb, &lb, vb, &fb);
        CHECK(strcmp(ka, kb) == 0 && strcmp(va, vb) == 0,
              "%s: pair %d: expected %s='%s', got %s='%s'", what, i, ka, va, kb, vb);
    }
}

/* Whether MPI_Get_library_version's text (MPICH's: device and configure
 * line) contains WORD. */
static inline int library_version_has(const char *word)
{
    char version[MPI_MAX_LIBRARY_VERSION_STRING];
    int len;
    MPI_Get_library_version(version, &len);
    return strstr(version, word) != NULL;
}

/* The library is MPICH's ch3 device (its version string names it), which
 * keeps some of MPICH's own ways where ch4 has the project's (doc/). */
static inline int library_is_ch3(void)
{
    return library_version_has("ch3");
}

/* Whether the library is MPICH built for ch4:ucx. MPICH 4.0.2's configure
 * gives ch4:ucx no shared-memory module (doc/assertions.txt, "Assertions
 * that pay"): every message, on one node too, is matched by UCX, not by
 * MPICH. */
static inline int library_is_ucx(void)
{
    return library_version_has("ch4:ucx");
}

/* Whether MPIR_CVAR_ERROR_CHECKING can turn MPICH's argument checks off:
 * only in a build configured with --enable-error-checking=runtime, as
 * mpich-info's own (doc/build.txt). MPICH's default, "all", which
 * Debian's packages keep, checks always; MPI_Get_library_version shows the
 * configure line. */
static inline int checks_switchable_at_run_time(void)
{
    return library_version_has("--enable-error-checking=runtime");
}

/* Sum failures over all processes; rank 0 says " No Errors" when none.
 * Returns the process's exit status. */
static inline int check_finish(MPI_Comm comm)
{
    int total = check_failures, rank = 0;
    if (comm != MPI_COMM_NULL) {
        MPI_Allreduce(&check_failures, &total, 1, MPI_INT, MPI_SUM, comm);
        MPI_Comm_rank(comm, &rank);
    }
    if (rank == 0 && total == 0)
        printf(" No Errors\n");
    return total != 0;
}

#endif
