/* Communicator hints as MPI-4.1 defines them (R-H1..R-H7, R-C1..R-C2,
 * R-M1..R-M2) and the six Info Query scenarios as settled: defaults, typed
 * values (padded and malformed), ignored hints never reported, set_info
 * keeping what it does not name, creation-only hints, round trips, the
 * user's info left unchanged, no propagation by MPI_Comm_dup, and a
 * mismatch of a hint that must agree reported on every process.
 * mpich-info-test: np=2,4 section=info */
#include "check.h"
#include <stdlib.h>

static const char *const standard_defaults[][2] = {
    {"mpi_assert_no_any_tag", "false"},
    {"mpi_assert_no_any_source", "false"},
    {"mpi_assert_exact_length", "false"},
    {"mpi_assert_allow_overtaking", "false"},
    {"mpi_assert_strict_persistent_collective_ordering", "false"},
    {"mpi_memory_alloc_kinds", "mpi,system"},
};
#define N_STANDARD 6

/* The value get_info reports for key, or "(absent)". */
static MPI_Comm dup_with(const char *const *pairs)
{
    MPI_Comm comm;
    MPI_Info info = info_of(pairs);
    CHECK_CLASS(MPI_Comm_dup_with_info(MPI_COMM_WORLD, info, &comm), MPI_SUCCESS);
    MPI_Info_free(&info);
    return comm;
}

static void set_info(MPI_Comm comm, const char *const *pairs)
{
    MPI_Info info = info_of(pairs);
    CHECK_CLASS(MPI_Comm_set_info(comm, info), MPI_SUCCESS);
    MPI_Info_free(&info);
}

static void defaults_and_scenario_1(void)
{
    MPI_Comm comm;
    MPI_Info info;
    int nkeys;

    /* Scenario 1: no user hints; get_info has the defaults, nothing else
     * standard, and returns a new (non-null) info. */
    CHECK_CLASS(MPI_Comm_dup_with_info(MPI_COMM_WORLD, MPI_INFO_NULL, &comm), MPI_SUCCESS);
    for (int i = 0; i < N_STANDARD; i++)
        EXPECT_HINT(comm, comm, standard_defaults[i][0], standard_defaults[i][1], "defaults");
    EXPECT_HINT(comm, comm, "mpi_assert_memory_alloc_kinds", "(absent)", "defaults");
    MPI_Comm_get_info(comm, &info);
    CHECK(info != MPI_INFO_NULL, "get_info: expected a new info, got MPI_INFO_NULL");
    MPI_Info_get_nkeys(info, &nkeys);
    CHECK(nkeys >= N_STANDARD, "get_info: expected at least %d keys, got %d", N_STANDARD, nkeys);
    /* Every reported value of a boolean hint is a boolean, never a
     * placeholder such as -1. */
    for (int i = 0; i < nkeys; i++) {
        char key[MPI_MAX_INFO_KEY + 1], value[MPI_MAX_INFO_VAL + 1];
        int flag, buflen = sizeof(value);
        MPI_Info_get_nthkey(info, i, key);
        MPI_Info_get_string(info, key, &buflen, value, &flag);
        CHECK(strcmp(value, "-1") != 0, "get_info: %s: expected a value in use, got '-1'", key);
    }
    MPI_Info_free(&info);
    MPI_Comm_free(&comm);

    /* Also MPI_COMM_WORLD itself. */
    EXPECT_HINT(comm, MPI_COMM_WORLD, "mpi_assert_no_any_tag", "false", "MPI_COMM_WORLD");
    EXPECT_HINT(comm, MPI_COMM_WORLD, "mpi_memory_alloc_kinds", "mpi,system", "MPI_COMM_WORLD");
}

static void typed_values_and_scenario_2(void)
{
    /* Valid and blank-padded booleans are taken; malformed ones and unknown
     * keys are ignored and never reported (scenario 2). */
    const char *const given[] = {
        "mpi_assert_exact_length", " true ",
        "mpi_assert_allow_overtaking", "\ttrue",
        "mpi_assert_no_any_source", "yes",
        "mpi_assert_no_any_tag", "TRUE",
        "mpi_assert_strict_persistent_collective_ordering", "1",
        "no_such_hint_anywhere", "true",
        NULL
    };
    MPI_Comm comm = dup_with(given);
    EXPECT_HINT(comm, comm, "mpi_assert_exact_length", "true", "padded ' true '");
    EXPECT_HINT(comm, comm, "mpi_assert_allow_overtaking", "true", "padded '\\ttrue'");
    EXPECT_HINT(comm, comm, "mpi_assert_no_any_source", "false", "malformed 'yes'");
    EXPECT_HINT(comm, comm, "mpi_assert_no_any_tag", "false", "malformed 'TRUE'");
    EXPECT_HINT(comm, comm, "mpi_assert_strict_persistent_collective_ordering", "false",
                "malformed '1'");
    EXPECT_HINT(comm, comm, "no_such_hint_anywhere", "(absent)", "unknown key");
    MPI_Comm_free(&comm);

    /* Memory kinds: a supported list is reported exactly as given; one
     * unsupported kind makes the whole hint ignored; the kinds MPICH
     * supports are set by MPICH and a user value is ignored. */
    const char *const kinds[] = {
        "mpi_assert_memory_alloc_kinds", " mpi:alloc_mem , system",
        "mpi_memory_alloc_kinds", "system",
        NULL
    };
    comm = dup_with(kinds);
    EXPECT_HINT(comm, comm, "mpi_assert_memory_alloc_kinds", " mpi:alloc_mem , system", "memory kinds");
    EXPECT_HINT(comm, comm, "mpi_memory_alloc_kinds", "mpi,system", "mpi_memory_alloc_kinds by user");
    const char *const bad_kinds[] = { "mpi_assert_memory_alloc_kinds", "mpi,cuda:device", NULL };
    set_info(comm, bad_kinds);
    EXPECT_HINT(comm, comm, "mpi_assert_memory_alloc_kinds", " mpi:alloc_mem , system",
                "unsupported kind cuda");
    MPI_Comm_free(&comm);
}

static void set_info_scenarios(void)
{
    /* Scenarios 3 and 4: a hint fixed at creation (mpi_assert_no_any_tag,
     * by which the device routes messages) keeps its creation value;
     * set_info of it is ignored and not reported as set. */
    const char *const at_creation[] = { "mpi_assert_no_any_tag", "true", NULL };
    MPI_Comm comm = dup_with(at_creation);
    const char *const change_fixed[] = { "mpi_assert_no_any_tag", "false", NULL };
    set_info(comm, change_fixed);
    EXPECT_HINT(comm, comm, "mpi_assert_no_any_tag", "true", "scenario 4");
    MPI_Comm_free(&comm);

    CHECK_CLASS(MPI_Comm_dup_with_info(MPI_COMM_WORLD, MPI_INFO_NULL, &comm), MPI_SUCCESS);
    const char *const set_fixed[] = { "mpi_assert_no_any_source", "true", NULL };
    set_info(comm, set_fixed);
    EXPECT_HINT(comm, comm, "mpi_assert_no_any_source", "false", "scenario 3");

    /* Scenario 5: a settable hint changed by set_info reports the new value. */
    const char *const settable[] = { "mpi_assert_exact_length", "true", NULL };
    set_info(comm, settable);
    EXPECT_HINT(comm, comm, "mpi_assert_exact_length", "true", "scenario 5");

    /* Scenario 6: set_info without the key, with an empty info or with
     * MPI_INFO_NULL, leaves it as it was. */
    const char *const none[] = { NULL };
    set_info(comm, none);
    EXPECT_HINT(comm, comm, "mpi_assert_exact_length", "true", "scenario 6, empty info");
    CHECK_CLASS(MPI_Comm_set_info(comm, MPI_INFO_NULL), MPI_SUCCESS);
    EXPECT_HINT(comm, comm, "mpi_assert_exact_length", "true", "scenario 6, MPI_INFO_NULL");
    const char *const other[] = { "mpi_assert_allow_overtaking", "true", NULL };
    set_info(comm, other);
    EXPECT_HINT(comm, comm, "mpi_assert_exact_length", "true", "scenario 6, another key");

    /* A malformed value leaves the value in force. */
    const char *const malformed[] = { "mpi_assert_exact_length", "maybe", NULL };
    set_info(comm, malformed);
    EXPECT_HINT(comm, comm, "mpi_assert_exact_length", "true", "set_info malformed");
    /* And it can be set back to its default. */
    const char *const back[] = { "mpi_assert_exact_length", " false ", NULL };
    set_info(comm, back);
    EXPECT_HINT(comm, comm, "mpi_assert_exact_length", "false", "set back to default");
    MPI_Comm_free(&comm);
}

static void round_trip_and_user_info(void)
{
    const char *const given[] = {
        "mpi_assert_exact_length", " true ",
        "unknown_key", "kept by the user",
        "mpi_assert_no_any_tag", "true",
        NULL
    };
    MPI_Info info = info_of(given), before, reported_info, again;
    MPI_Comm comm;

    MPI_Info_dup(info, &before);
    CHECK_CLASS(MPI_Comm_dup_with_info(MPI_COMM_WORLD, info, &comm), MPI_SUCCESS);
    check_same_info(before, info, "user info after MPI_Comm_dup_with_info");
    CHECK_CLASS(MPI_Comm_set_info(comm, info), MPI_SUCCESS);
    check_same_info(before, info, "user info after MPI_Comm_set_info");
    /* Freeing the user's info does not affect the communicator. */
    MPI_Info_free(&info);
    EXPECT_HINT(comm, comm, "mpi_assert_exact_length", "true", "after the user's info was freed");

    /* What get_info returns is accepted back and changes nothing. */
    MPI_Comm_get_info(comm, &reported_info);
    CHECK_CLASS(MPI_Comm_set_info(comm, reported_info), MPI_SUCCESS);
    MPI_Comm_get_info(comm, &again);
    check_same_info(reported_info, again, "get_info after set_info of get_info");
    MPI_Info_free(&reported_info);
    MPI_Info_free(&again);
    MPI_Info_free(&before);

    /* MPI_Comm_dup does not propagate hints (MPI-4). */
    MPI_Comm plain;
    MPI_Comm_dup(comm, &plain);
    EXPECT_HINT(comm, plain, "mpi_assert_exact_length", "false", "MPI_Comm_dup");
    EXPECT_HINT(comm, plain, "mpi_assert_no_any_tag", "false", "MPI_Comm_dup");
    MPI_Comm_free(&plain);
    /* Nor does MPI_Comm_dup_with_info with MPI_INFO_NULL. */
    CHECK_CLASS(MPI_Comm_dup_with_info(comm, MPI_INFO_NULL, &plain), MPI_SUCCESS);
    EXPECT_HINT(comm, plain, "mpi_assert_exact_length", "false", "dup_with_info(MPI_INFO_NULL)");
    MPI_Comm_free(&plain);
    MPI_Comm_free(&comm);
}

static void agreement(int rank)
{
    /* mpi_assert_strict_persistent_collective_ordering must be the same on
     * all processes: a mismatch fails on every process, creates nothing
     * and changes nothing. */
    const char *const yes[] = { "mpi_assert_strict_persistent_collective_ordering", "true", NULL };
    const char *const padded_yes[] =
        { "mpi_assert_strict_persistent_collective_ordering", " true", NULL };
    const char *const no[] = { "mpi_assert_strict_persistent_collective_ordering", "false", NULL };
    MPI_Info info = info_of(rank == 0 ? yes : no);
    MPI_Comm comm = MPI_COMM_WORLD;

    CHECK_CLASS(MPI_Comm_dup_with_info(MPI_COMM_WORLD, info, &comm), MPI_ERR_NOT_SAME);
    CHECK(comm == MPI_COMM_NULL, "mismatch at creation: expected MPI_COMM_NULL");
    MPI_Info_free(&info);

    /* The same value written differently agrees. */
    info = info_of(rank == 0 ? yes : padded_yes);
    CHECK_CLASS(MPI_Comm_dup_with_info(MPI_COMM_WORLD, info, &comm), MPI_SUCCESS);
    MPI_Info_free(&info);
    EXPECT_HINT(comm, comm, "mpi_assert_strict_persistent_collective_ordering", "true", "agreed");

    /* Another process's MPI_INFO_NULL is the default, false. */
    MPI_Comm other = MPI_COMM_WORLD;
    info = info_of(yes);
    CHECK_CLASS(MPI_Comm_dup_with_info(MPI_COMM_WORLD, rank == 0 ? info : MPI_INFO_NULL, &other),
                MPI_ERR_NOT_SAME);
    CHECK(other == MPI_COMM_NULL, "mismatch with MPI_INFO_NULL: expected MPI_COMM_NULL");
    MPI_Info_free(&info);

    /* set_info with a mismatch: error everywhere, value unchanged. */
    MPI_Comm_set_errhandler(comm, MPI_ERRORS_RETURN);
    info = info_of(rank == 0 ? no : yes);
    CHECK_CLASS(MPI_Comm_set_info(comm, info), MPI_ERR_NOT_SAME);
    MPI_Info_free(&info);
    EXPECT_HINT(comm, comm, "mpi_assert_strict_persistent_collective_ordering", "true",
                "after a failed set_info");
    set_info(comm, no);
    EXPECT_HINT(comm, comm, "mpi_assert_strict_persistent_collective_ordering", "false",
                "after an agreed set_info");
    MPI_Comm_free(&comm);
}

static void create_from_group(void)
{
    MPI_Group group;
    MPI_Comm comm;
    const char *const given[] = { "mpi_assert_exact_length", "true", NULL };
    MPI_Info info = info_of(given);

    MPI_Comm_group(MPI_COMM_WORLD, &group);
    CHECK_CLASS(MPI_Comm_create_from_group(group, "mpich-info.comm_hints", info,
                                           MPI_ERRORS_RETURN, &comm), MPI_SUCCESS);
    EXPECT_HINT(comm, comm, "mpi_assert_exact_length", "true", "MPI_Comm_create_from_group");
    EXPECT_HINT(comm, comm, "mpi_assert_no_any_tag", "false", "MPI_Comm_create_from_group");
    MPI_Comm_free(&comm);
    MPI_Group_free(&group);
    MPI_Info_free(&info);
}

/* Every other routine that takes hints applies them to the communicator it
 * creates; a process that gets no communicator is unaffected. */
static void other_creators(int rank, int size)
{
    const char *const given[] = {
        "mpi_assert_exact_length", " true ",
        "mpi_assert_no_any_tag", "true",
        NULL
    };
    MPI_Info info = info_of(given), before;
    MPI_Comm comm;
    MPI_Request req;

    MPI_Info_dup(info, &before);

    /* MPI_Comm_split_type with every split type, the last process giving
     * MPI_UNDEFINED.  The guided split asks for the shared-memory domain; the
     * unguided one may find no smaller domain and return MPI_COMM_NULL. */
    const int split_types[] =
        { MPI_COMM_TYPE_SHARED, MPI_COMM_TYPE_HW_GUIDED, MPI_COMM_TYPE_HW_UNGUIDED };
    const char *const split_names[] = { "shared", "hw_guided", "hw_unguided" };
    MPI_Info split_info;
    MPI_Info_dup(info, &split_info);
    MPI_Info_set(split_info, "mpi_hw_resource_type", "mpi_shared_memory");
    for (int t = 0; t < 3; t++) {
        char what[64];
        int type = (rank == size - 1) ? MPI_UNDEFINED : split_types[t];
        snprintf(what, sizeof(what), "MPI_Comm_split_type %s", split_names[t]);
        CHECK_CLASS(MPI_Comm_split_type(MPI_COMM_WORLD, type, rank, split_info, &comm),
                    MPI_SUCCESS);
        if (rank == size - 1) {
            CHECK(comm == MPI_COMM_NULL, "%s, MPI_UNDEFINED: expected MPI_COMM_NULL", what);
        } else if (comm != MPI_COMM_NULL || t != 2) {
            CHECK(comm != MPI_COMM_NULL, "%s: expected a communicator", what);
            if (comm == MPI_COMM_NULL)
                continue;
            EXPECT_HINT(comm, comm, "mpi_assert_exact_length", "true", what);
            EXPECT_HINT(comm, comm, "mpi_assert_no_any_tag", "true", what);
            EXPECT_HINT(comm, comm, "mpi_hw_resource_type", "(absent)", what);
            MPI_Comm_free(&comm);
        }
    }
    MPI_Info_free(&split_info);
    int type = (rank == size - 1) ? MPI_UNDEFINED : MPI_COMM_TYPE_SHARED;
    /* And with MPI_INFO_NULL. */
    CHECK_CLASS(MPI_Comm_split_type(MPI_COMM_WORLD, type, rank, MPI_INFO_NULL, &comm),
                MPI_SUCCESS);
    if (comm != MPI_COMM_NULL) {
        EXPECT_HINT(comm, comm, "mpi_assert_exact_length", "false", "split_type(MPI_INFO_NULL)");
        MPI_Comm_free(&comm);
    }

    /* MPI_Dist_graph_create_adjacent and MPI_Dist_graph_create: a ring. */
    int left = (rank + size - 1) % size, right = (rank + 1) % size;
    CHECK_CLASS(MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, &left, MPI_UNWEIGHTED, 1,
                                               &right, MPI_UNWEIGHTED, info, 0, &comm),
                MPI_SUCCESS);
    EXPECT_HINT(comm, comm, "mpi_assert_exact_length", "true", "MPI_Dist_graph_create_adjacent");
    MPI_Comm_free(&comm);
    int degree = 1;
    CHECK_CLASS(MPI_Dist_graph_create(MPI_COMM_WORLD, 1, &rank, &degree, &right,
                                      MPI_UNWEIGHTED, info, 0, &comm), MPI_SUCCESS);
    EXPECT_HINT(comm, comm, "mpi_assert_no_any_tag", "true", "MPI_Dist_graph_create");
    MPI_Comm_free(&comm);

    /* MPI_Comm_idup_with_info; the info may be freed before completion. */
    CHECK_CLASS(MPI_Comm_idup_with_info(MPI_COMM_WORLD, info, &comm, &req), MPI_SUCCESS);
    check_same_info(before, info, "user info after MPI_Comm_idup_with_info");
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    EXPECT_HINT(comm, comm, "mpi_assert_exact_length", "true", "MPI_Comm_idup_with_info");
    MPI_Comm_free(&comm);

    /* MPI_Intercomm_create_from_groups: even and odd ranks. */
    MPI_Group world_group, even, odd;
    int n_even = (size + 1) / 2, n_odd = size / 2, ranks[64];
    MPI_Comm_group(MPI_COMM_WORLD, &world_group);
    for (int i = 0; i < n_even; i++)
        ranks[i] = 2 * i;
    MPI_Group_incl(world_group, n_even, ranks, &even);
    for (int i = 0; i < n_odd; i++)
        ranks[i] = 2 * i + 1;
    MPI_Group_incl(world_group, n_odd, ranks, &odd);
    CHECK_CLASS(MPI_Intercomm_create_from_groups(rank % 2 ? odd : even, 0, rank % 2 ? even : odd,
                                                 0, "mpich-info.comm_hints.inter", info,
                                                 MPI_ERRORS_RETURN, &comm), MPI_SUCCESS);
    EXPECT_HINT(comm, comm, "mpi_assert_exact_length", "true", "MPI_Intercomm_create_from_groups");
    MPI_Comm_free(&comm);
    MPI_Group_free(&even);
    MPI_Group_free(&odd);
    MPI_Group_free(&world_group);

    check_same_info(before, info, "user info after all creation routines");
    MPI_Info_free(&info);
    MPI_Info_free(&before);
}

int main(int argc, char **argv)
{
    int rank, size;

    MPI_Init(&argc, &argv);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    defaults_and_scenario_1();
    typed_values_and_scenario_2();
    set_info_scenarios();
    round_trip_and_user_info();
    agreement(rank);
    create_from_group();
    other_creators(rank, size);

    int rc = check_finish(MPI_COMM_WORLD);
    MPI_Finalize();
    return rc;
}
