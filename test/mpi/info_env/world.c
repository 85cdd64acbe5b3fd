/* MPI_INFO_ENV and MPI_Info_create_env in a World-model program, checked
 * against values worked out without MPICH (expected_env.h): before init,
 * after init, from several threads at once, and after finalize. Launched by
 * info_env.sh with various launch lines, so it declares no process counts
 * of its own. */
#include "expected_env.h"
#include <pthread.h>

struct thread_arg {
    int argc;
    char **argv;
    const struct expected_env *expected;
};

static void check_created(int argc, char **argv, const struct expected_env *e, const char *where)
{
    MPI_Info info = MPI_INFO_NULL;
    CHECK_CLASS(MPI_Info_create_env(argc, argv, &info), MPI_SUCCESS);
    if (info != MPI_INFO_NULL) {
        check_env(info, e, where);
        MPI_Info_free(&info);
    }
}

/* The standard makes MPI_Info_create_env thread-safe in every phase. */
static void *create_repeatedly(void *p)
{
    const struct thread_arg *a = p;
    for (int i = 0; i < 50; i++)
        check_created(a->argc, a->argv, a->expected, "MPI_Info_create_env in a thread");
    return NULL;
}

static void check_from_threads(int argc, char **argv, const struct expected_env *e)
{
    pthread_t threads[4];
    struct thread_arg a = { argc, argv, e };
    for (int i = 0; i < 4; i++)
        pthread_create(&threads[i], NULL, create_repeatedly, &a);
    for (int i = 0; i < 4; i++)
        pthread_join(threads[i], NULL);
}

static void check_every_way(int argc, char **argv, const struct expected_env *e,
                            const char *phase)
{
    char where[256];
    char **ended_early = malloc((size_t) (argc + 4) * sizeof(char *));
    struct expected_env first_only = *e;

    snprintf(where, sizeof(where), "%s: MPI_Info_create_env(argc, argv)", phase);
    check_created(argc, argv, e, where);
    /* No arguments: the process's own command line, the same values. */
    snprintf(where, sizeof(where), "%s: MPI_Info_create_env(0, NULL)", phase);
    check_created(0, NULL, e, where);
    /* An argv whose entries end before argc says is read to its end. */
    for (int i = 0; i < argc; i++)
        ended_early[i] = argv[i];
    ended_early[argc] = NULL;
    snprintf(where, sizeof(where), "%s: argc beyond argv's end", phase);
    check_created(argc + 3, ended_early, e, where);
    /* argc counts what is read: two entries give the command and one argument. */
    if (argc > 2) {
        join_arguments(first_only.argv, sizeof(first_only.argv), 2, argv);
        snprintf(where, sizeof(where), "%s: MPI_Info_create_env(2, argv)", phase);
        check_created(2, argv, &first_only, where);
    }
    free(ended_early);
    check_from_threads(argc, argv, e);
}

int main(int argc, char **argv)
{
    struct expected_env e;
    int rank = 0, nkeys = 0;
    MPI_Info dup;

    expect_env(&e, argc, argv);
    /* MPI_INFO_ENV describes the start of MPI: nothing before it. */
    MPI_Info_get_nkeys(MPI_INFO_ENV, &nkeys);
    CHECK(nkeys == 0, "MPI_INFO_ENV before MPI_Init: expected 0 keys, got %d", nkeys);
    check_every_way(argc, argv, &e, "before MPI_Init");

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    check_env(MPI_INFO_ENV, &e, "MPI_INFO_ENV after MPI_Init");
    MPI_Info_dup(MPI_INFO_ENV, &dup);
    check_env(dup, &e, "a dup of MPI_INFO_ENV");
    MPI_Info_free(&dup);
    check_every_way(argc, argv, &e, "after MPI_Init");
    MPI_Info_get_nkeys(MPI_INFO_ENV, &nkeys);
    CHECK(nkeys > 0, "expected keys in MPI_INFO_ENV, got %d", nkeys);
    MPI_Finalize();

    check_env(MPI_INFO_ENV, &e, "MPI_INFO_ENV after MPI_Finalize");
    check_every_way(argc, argv, &e, "after MPI_Finalize");

    if (check_failures == 0 && rank == 0)
        printf(" No Errors\n");
    return check_failures != 0;
}
