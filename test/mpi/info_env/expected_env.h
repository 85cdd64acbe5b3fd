/* Expected MPI_INFO_ENV contents, worked out without MPICH: command and
 * argv from main's arguments, host and arch from uname, wdir from getcwd or
 * the launch line, and the rest from what the launching script exported
 * (EXPECT_MAXPROCS, EXPECT_WDIR, EXPECT_FILE, EXPECT_THREAD_LEVEL).
 * Shared by the C programs of test/mpi/info_env.sh. */
#ifndef MPICH_INFO_TEST_ENV_CHECK_H
#define MPICH_INFO_TEST_ENV_CHECK_H

#include "check.h"
#include <stdlib.h>
#include <sys/utsname.h>
#include <unistd.h>

#define ENV_VALUE_MAX 4096

struct expected_env {
    char command[ENV_VALUE_MAX];
    char argv[ENV_VALUE_MAX];   /* empty: the key must be absent */
    char wdir[ENV_VALUE_MAX];
    char host[ENV_VALUE_MAX];
    char arch[ENV_VALUE_MAX];
    const char *maxprocs;       /* NULL: absent */
    const char *file;           /* NULL: absent */
    const char *thread_level;
};

/* The project's documented argv format: one space between arguments; an
 * argument that is empty or holds a blank, '"' or '\' is quoted, with '"'
 * and '\' escaped by '\'. Written here from that description. */
static void join_arguments(char *out, size_t size, int argc, char **argv)
{
    size_t n = 0;
    out[0] = '\0';
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int quote = (a[0] == '\0');
        for (const char *p = a; *p; p++)
            if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\v' || *p == '\f' ||
                *p == '\r' || *p == '"' || *p == '\\')
                quote = 1;
        if (i > 1 && n + 1 < size)
            out[n++] = ' ';
        if (quote && n + 1 < size)
            out[n++] = '"';
        for (const char *p = a; *p; p++) {
            if (quote && (*p == '"' || *p == '\\') && n + 1 < size)
                out[n++] = '\\';
            if (n + 1 < size)
                out[n++] = *p;
        }
        if (quote && n + 1 < size)
            out[n++] = '"';
        out[n] = '\0';
    }
}

static void expect_env(struct expected_env *e, int argc, char **argv)
{
    struct utsname u;
    snprintf(e->command, sizeof(e->command), "%s", argc > 0 ? argv[0] : "");
    join_arguments(e->argv, sizeof(e->argv), argc, argv);
    if (getenv("EXPECT_WDIR"))
        snprintf(e->wdir, sizeof(e->wdir), "%s", getenv("EXPECT_WDIR"));
    else if (!getcwd(e->wdir, sizeof(e->wdir)))
        e->wdir[0] = '\0';
    uname(&u);
    snprintf(e->host, sizeof(e->host), "%s", u.nodename);
    snprintf(e->arch, sizeof(e->arch), "%s", u.machine);
    e->maxprocs = getenv("EXPECT_MAXPROCS");
    e->file = getenv("EXPECT_FILE");
    e->thread_level = getenv("EXPECT_THREAD_LEVEL") ? getenv("EXPECT_THREAD_LEVEL")
        : "MPI_THREAD_SINGLE";
}

/* want NULL: the key must be absent. */
static void check_key(MPI_Info info, const char *key, const char *want, const char *where)
{
    char value[ENV_VALUE_MAX];
    int buflen = sizeof(value), flag = 0;
    MPI_Info_get_string(info, key, &buflen, value, &flag);
    if (want == NULL)
        CHECK(!flag, "%s: expected no \"%s\", got \"%s\"", where, key, value);
    else if (!flag)
        CHECK(0, "%s: expected \"%s\" = \"%s\", got no such key", where, key, want);
    else
        CHECK(strcmp(value, want) == 0, "%s: expected \"%s\" = \"%s\", got \"%s\"", where, key,
              want, value);
}

static void check_env(MPI_Info info, const struct expected_env *e, const char *where)
{
    check_key(info, "command", e->command, where);
    /* no arguments, or a value too long for MPI_MAX_INFO_VAL: absent */
    check_key(info, "argv", e->argv[0] && strlen(e->argv) <= MPI_MAX_INFO_VAL ? e->argv : NULL,
              where);
    check_key(info, "maxprocs", e->maxprocs, where);
    check_key(info, "soft", NULL, where);
    check_key(info, "host", e->host, where);
    check_key(info, "arch", e->arch, where);
    check_key(info, "wdir", e->wdir, where);
    check_key(info, "file", e->file, where);
    check_key(info, "thread_level", e->thread_level, where);
    check_key(info, "mpi_initial_errhandler", "mpi_errors_are_fatal", where);
}

#endif
