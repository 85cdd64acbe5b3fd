/* Window hints as MPI-4.1 defines them (R-W1..R-W2, R-H, R-M): the defaults
 * of every flavour, typed values (padded and malformed), ignored hints never
 * reported, set_info keeping what it does not name and ignoring hints fixed
 * at creation, set_info changing a hint on one process only, MPI_INFO_NULL,
 * round trips, the user's info left unchanged, a mismatch of a hint that
 * must agree reported on every process, and RMA that gives the right data
 * with every hint asserted.  The device's own hints are checked for the
 * device in use (ch3 or ch4).
 * mpich-info-test: np=2,4 section=info */
#include "check.h"
#include <stdlib.h>

static int rank, size, on_ch3;

/* The value get_info reports for key, or "(absent)". */
static const char *const standard_defaults[][2] = {
    {"no_locks", "false"},
    {"accumulate_ordering", "rar,raw,war,waw"},
    {"accumulate_ops", "same_op_no_op"},
    {"mpi_accumulate_granularity", "0"},
    {"same_size", "false"},
    {"same_disp_unit", "false"},
    {"alloc_shared_noncontig", "false"},
    {"mpi_memory_alloc_kinds", "mpi,system"},
};

static const char *const ch4_defaults[][2] = {
    {"which_accumulate_ops", "any_op"},
    {"disable_shm_accumulate", "false"},
    {"coll_attach", "false"},
    {"perf_preference", "lat"},
};

/* Hints MPICH 4.0.2 reported on ch4 without using them. */
static const char *const ch4_unused[] = {
    "alloc_shm", "accumulate_noncontig_dtype", "accumulate_max_bytes"
};

static MPI_Comm shm_comm;

enum flavour { CREATE, ALLOCATE, SHARED, DYNAMIC };
static const char *const flavour_names[] = { "MPI_Win_create", "MPI_Win_allocate",
    "MPI_Win_allocate_shared", "MPI_Win_create_dynamic"
};

static int create_buffer[64];

/* A window of one flavour with info; *base gets its memory (NULL for a
 * dynamic window).  Returns the error code of the creation. */
static int make_window(enum flavour f, MPI_Info info, MPI_Win * win, int **base)
{
    int rc = MPI_ERR_OTHER;
    *win = MPI_WIN_NULL;
    *base = NULL;
    switch (f) {
        case CREATE:
            *base = create_buffer;
            rc = MPI_Win_create(create_buffer, sizeof(create_buffer), sizeof(int), info,
                                MPI_COMM_WORLD, win);
            break;
        case ALLOCATE:
            rc = MPI_Win_allocate(64 * sizeof(int), sizeof(int), info, MPI_COMM_WORLD, base, win);
            break;
        case SHARED:
            rc = MPI_Win_allocate_shared(64 * sizeof(int), sizeof(int), info, shm_comm, base,
                                         win);
            break;
        case DYNAMIC:
            rc = MPI_Win_create_dynamic(info, MPI_COMM_WORLD, win);
            break;
    }
    if (rc == MPI_SUCCESS)
        MPI_Win_set_errhandler(*win, MPI_ERRORS_RETURN);
    return rc;
}

static MPI_Win window_with(enum flavour f, const char *const *pairs)
{
    MPI_Win win;
    int *base;
    MPI_Info info = info_of(pairs);
    CHECK_CLASS(make_window(f, info, &win, &base), MPI_SUCCESS);
    MPI_Info_free(&info);
    return win;
}

static void set_info(MPI_Win win, const char *const *pairs)
{
    MPI_Info info = info_of(pairs);
    CHECK_CLASS(MPI_Win_set_info(win, info), MPI_SUCCESS);
    MPI_Info_free(&info);
}

/* Every reported value is a non-empty string of printable characters (an
 * uninitialized buffer would show otherwise), and no key comes twice. */
static void check_values_sane(MPI_Win win, const char *what)
{
    MPI_Info info;
    int nkeys;
    char key[MPI_MAX_INFO_KEY + 1], other[MPI_MAX_INFO_KEY + 1], value[MPI_MAX_INFO_VAL + 1];
    MPI_Win_get_info(win, &info);
    MPI_Info_get_nkeys(info, &nkeys);
    for (int i = 0; i < nkeys; i++) {
        int flag, buflen = sizeof(value);
        MPI_Info_get_nthkey(info, i, key);
        MPI_Info_get_string(info, key, &buflen, value, &flag);
        int printable = value[0] != '\0';
        for (const char *c = value; *c; c++)
            printable = printable && *c > ' ' && *c < 127;
        CHECK(flag && printable, "%s: %s: expected a printable value, got '%s'", what, key,
              value);
        for (int j = 0; j < i; j++) {
            MPI_Info_get_nthkey(info, j, other);
            CHECK(strcmp(key, other) != 0, "%s: %s reported twice", what, key);
        }
    }
    MPI_Info_free(&info);
}

static void defaults(void)
{
    const char *const none[] = { NULL };
    for (int f = CREATE; f <= DYNAMIC; f++) {
        MPI_Win win;
        int *base;
        CHECK_CLASS(make_window(f, MPI_INFO_NULL, &win, &base), MPI_SUCCESS);
        for (size_t i = 0; i < sizeof(standard_defaults) / sizeof(standard_defaults[0]); i++)
            EXPECT_HINT(win, win, standard_defaults[i][0], standard_defaults[i][1], flavour_names[f]);
        EXPECT_HINT(win, win, "mpi_assert_memory_alloc_kinds", "(absent)", flavour_names[f]);
        if (on_ch3) {
            /* ch3 places the memory of allocated windows in shared memory */
            EXPECT_HINT(win, win, "alloc_shm", (f == ALLOCATE || f == SHARED) ? "true" : "false",
                        flavour_names[f]);
        } else {
            for (size_t i = 0; i < sizeof(ch4_defaults) / sizeof(ch4_defaults[0]); i++)
                EXPECT_HINT(win, win, ch4_defaults[i][0], ch4_defaults[i][1], flavour_names[f]);
            for (size_t i = 0; i < sizeof(ch4_unused) / sizeof(ch4_unused[0]); i++)
                EXPECT_HINT(win, win, ch4_unused[i], "(absent)", flavour_names[f]);
        }
        check_values_sane(win, flavour_names[f]);
        MPI_Win_free(&win);

        /* An empty info is the same as MPI_INFO_NULL. */
        MPI_Info empty = info_of(none), a, b;
        CHECK_CLASS(make_window(f, empty, &win, &base), MPI_SUCCESS);
        MPI_Info_free(&empty);
        MPI_Win_get_info(win, &a);
        MPI_Win_get_info(win, &b);
        CHECK(a != b, "%s: get_info returned the same info twice", flavour_names[f]);
        MPI_Info_set(a, "no_locks", "true");    /* ours: changes nothing */
        MPI_Info_free(&a);
        MPI_Info_free(&b);
        EXPECT_HINT(win, win, "no_locks", "false", "after changing get_info's result");
        MPI_Win_free(&win);
    }
}

static void typed_values(void)
{
    const char *const given[] = {
        "no_locks", " true ",
        "accumulate_ordering", " war , raw ",
        "accumulate_ops", "  same_op ",
        "same_size", "true",
        "same_disp_unit", "TRUE",       /* malformed: ignored */
        "alloc_shared_noncontig", "yes",        /* malformed: ignored */
        "mpi_accumulate_granularity", "8",      /* MPICH chooses: ignored */
        "mpi_assert_memory_alloc_kinds", " system , mpi:win_allocate ",
        "mpich_info_unknown_key", "true",
        NULL
    };
    for (int f = CREATE; f <= DYNAMIC; f++) {
        MPI_Win win = window_with(f, given);
        const char *what = flavour_names[f];
        EXPECT_HINT(win, win, "no_locks", "true", what);
        EXPECT_HINT(win, win, "accumulate_ordering", "raw,war", what);
        EXPECT_HINT(win, win, "accumulate_ops", "same_op", what);
        EXPECT_HINT(win, win, "same_size", "true", what);
        EXPECT_HINT(win, win, "same_disp_unit", "false", what);
        EXPECT_HINT(win, win, "alloc_shared_noncontig", "false", what);
        EXPECT_HINT(win, win, "mpi_accumulate_granularity", "0", what);
        EXPECT_HINT(win, win, "mpi_assert_memory_alloc_kinds", " system , mpi:win_allocate ", what);
        EXPECT_HINT(win, win, "mpich_info_unknown_key", "(absent)", what);
        MPI_Win_free(&win);
    }

    /* A list with one unknown element, or "none" with another element, is
     * ignored as a whole (MPICH 4.0.2 on ch4 failed the creation); "none" is
     * no ordering; an unsupported memory kind ignores the key. */
    const char *const bad_list[] = { "accumulate_ordering", "rar,rwa",
        "mpi_assert_memory_alloc_kinds", "system,cuda", NULL
    };
    const char *const none_and_more[] = { "accumulate_ordering", "none,rar", NULL };
    const char *const none[] = { "accumulate_ordering", " none ", NULL };
    MPI_Win win = window_with(ALLOCATE, bad_list);
    EXPECT_HINT(win, win, "accumulate_ordering", "rar,raw,war,waw", "unknown list element");
    EXPECT_HINT(win, win, "mpi_assert_memory_alloc_kinds", "(absent)", "unsupported kind");
    MPI_Win_free(&win);
    win = window_with(ALLOCATE, none_and_more);
    EXPECT_HINT(win, win, "accumulate_ordering", "rar,raw,war,waw", "none with an element");
    MPI_Win_free(&win);
    win = window_with(ALLOCATE, none);
    EXPECT_HINT(win, win, "accumulate_ordering", "none", "none");
    MPI_Win_free(&win);

    if (on_ch3) {
        const char *const shm[] = { "alloc_shm", " false ", NULL };
        const char *const dyn[] = { "alloc_shm", "true", NULL };
        win = window_with(ALLOCATE, shm);
        EXPECT_HINT(win, win, "alloc_shm", "false", "ch3 alloc_shm padded");
        MPI_Win_free(&win);
        /* a dynamic window has no memory of its own to place */
        win = window_with(DYNAMIC, dyn);
        EXPECT_HINT(win, win, "alloc_shm", "false", "ch3 alloc_shm on a dynamic window");
        MPI_Win_free(&win);
    } else {
        const char *const ops[] = { "which_accumulate_ops", " sum , cswap ",
            "perf_preference", "mr , lat", "disable_shm_accumulate", " true", NULL
        };
        const char *const bad_ops[] = { "which_accumulate_ops", "sum,bogus",
            "perf_preference", "fast", NULL
        };
        win = window_with(ALLOCATE, ops);
        EXPECT_HINT(win, win, "which_accumulate_ops", "cswap,sum", "ch4 ops list");
        EXPECT_HINT(win, win, "perf_preference", "lat,mr", "ch4 perf_preference");
        EXPECT_HINT(win, win, "disable_shm_accumulate", "true", "ch4 disable_shm_accumulate");
        MPI_Win_free(&win);
        win = window_with(ALLOCATE, bad_ops);
        EXPECT_HINT(win, win, "which_accumulate_ops", "any_op", "ch4 unknown op");
        EXPECT_HINT(win, win, "perf_preference", "lat", "ch4 unknown preference");
        MPI_Win_free(&win);
    }
}

/* The scenarios of the Info Query slides, for windows. */
static void set_info_scenarios(void)
{
    const char *const created[] = { "alloc_shared_noncontig", "true", "no_locks", "true", NULL };
    const char *const change_fixed[] = { "alloc_shared_noncontig", "false", NULL };
    const char *const change_settable[] = { "no_locks", "false", NULL };
    const char *const malformed[] = { "no_locks", "maybe", "accumulate_ops", "same", NULL };
    const char *const ordering[] = { "accumulate_ordering", "waw", NULL };
    const char *const empty[] = { NULL };

    MPI_Win win = window_with(SHARED, created);
    EXPECT_HINT(win, win, "alloc_shared_noncontig", "true", "given at creation");

    /* 3, 4: a hint fixed at creation is ignored by set_info */
    set_info(win, change_fixed);
    EXPECT_HINT(win, win, "alloc_shared_noncontig", "true", "fixed hint after set_info");

    /* 5: a settable hint changes */
    set_info(win, change_settable);
    EXPECT_HINT(win, win, "no_locks", "false", "settable hint after set_info");
    set_info(win, ordering);
    EXPECT_HINT(win, win, "accumulate_ordering", "waw", "ordering after set_info");

    /* a malformed value leaves the previous setting in force */
    set_info(win, malformed);
    EXPECT_HINT(win, win, "no_locks", "false", "malformed no_locks");
    EXPECT_HINT(win, win, "accumulate_ops", "same_op_no_op", "malformed accumulate_ops");

    /* 6: keys not given keep their values, with an empty info and with
     * MPI_INFO_NULL */
    set_info(win, empty);
    CHECK_CLASS(MPI_Win_set_info(win, MPI_INFO_NULL), MPI_SUCCESS);
    EXPECT_HINT(win, win, "alloc_shared_noncontig", "true", "after an empty set_info");
    EXPECT_HINT(win, win, "accumulate_ordering", "waw", "after an empty set_info");
    MPI_Win_free(&win);

    /* 1: MPI_INFO_NULL at creation, then set_info with nothing: defaults */
    int *base;
    CHECK_CLASS(make_window(ALLOCATE, MPI_INFO_NULL, &win, &base), MPI_SUCCESS);
    CHECK_CLASS(MPI_Win_set_info(win, MPI_INFO_NULL), MPI_SUCCESS);
    EXPECT_HINT(win, win, "no_locks", "false", "scenario 1");
    MPI_Win_free(&win);
}

static void round_trip_and_user_info(void)
{
    const char *const pairs[] = { "accumulate_ordering", " rar , waw ", "no_locks", " true",
        "same_size", "true", "which_accumulate_ops", "sum, max", NULL
    };
    MPI_Info user = info_of(pairs), copy, used, again;
    MPI_Info_dup(user, &copy);

    for (int f = CREATE; f <= DYNAMIC; f++) {
        MPI_Win win;
        int *base;
        CHECK_CLASS(make_window(f, user, &win, &base), MPI_SUCCESS);
        check_same_info(copy, user, "the user's info after creation");
        CHECK_CLASS(MPI_Win_set_info(win, user), MPI_SUCCESS);
        check_same_info(copy, user, "the user's info after set_info");

        /* whatever get_info returns is accepted back and changes nothing */
        MPI_Win_get_info(win, &used);
        CHECK_CLASS(MPI_Win_set_info(win, used), MPI_SUCCESS);
        MPI_Win_get_info(win, &again);
        check_same_info(used, again, "get_info after set_info(get_info)");
        MPI_Info_free(&used);
        MPI_Info_free(&again);
        MPI_Win_free(&win);
    }
    /* the user's info can be freed right after the call */
    MPI_Win win = window_with(ALLOCATE, pairs);
    EXPECT_HINT(win, win, "accumulate_ordering", "rar,waw", "after the info was freed");
    MPI_Win_free(&win);
    MPI_Info_free(&user);
    MPI_Info_free(&copy);
}

static void agreement(void)
{
    const char *const yes[] = { "same_size", "true", NULL };
    const char *const padded_yes[] = { "same_size", " true ", NULL };
    const char *const no[] = { "same_size", "false", NULL };
    MPI_Info info = info_of(rank == 0 ? yes : no);
    MPI_Win win;
    int *base;

    /* a mismatch fails on every process and creates nothing */
    CHECK_CLASS(make_window(ALLOCATE, info, &win, &base), MPI_ERR_NOT_SAME);
    CHECK(win == MPI_WIN_NULL, "mismatch at creation: expected MPI_WIN_NULL");
    CHECK_CLASS(make_window(CREATE, info, &win, &base), MPI_ERR_NOT_SAME);
    CHECK(win == MPI_WIN_NULL, "mismatch at creation: expected MPI_WIN_NULL");
    MPI_Info_free(&info);

    /* the same value written differently agrees */
    info = info_of(rank == 0 ? yes : padded_yes);
    CHECK_CLASS(make_window(ALLOCATE, info, &win, &base), MPI_SUCCESS);
    MPI_Info_free(&info);
    EXPECT_HINT(win, win, "same_size", "true", "agreed");

    /* set_info with a mismatch: error everywhere, value unchanged */
    info = info_of(rank == 0 ? no : yes);
    CHECK_CLASS(MPI_Win_set_info(win, info), MPI_ERR_NOT_SAME);
    MPI_Info_free(&info);
    EXPECT_HINT(win, win, "same_size", "true", "after a mismatched set_info");
    MPI_Win_free(&win);
}

/* Each process puts stamp + its rank into the next one's base[0], between
 * fences, and checks what the previous one put into its own: a window whose
 * processes fell out of step moves the wrong data or hangs. */
static void put_around_ring(MPI_Win win, int *base, int stamp, const char *what)
{
    MPI_Win_fence(0, win);
    base[0] = -1;
    MPI_Win_fence(0, win);
    int value = stamp + rank;
    MPI_Put(&value, 1, MPI_INT, (rank + 1) % size, 0, 1, MPI_INT, win);
    MPI_Win_fence(0, win);
    int from = (rank + size - 1) % size, got = base[0];
    CHECK(got == stamp + from, "%s: expected %d put by rank %d, got %d", what, stamp + from,
          from, got);
}

/* set_info that changes a hint on one process only (no_locks need not
 * agree), then one refused while it changes a hint on one process: the
 * processes whose hints stay the same must still leave set_info in step
 * with the one whose hints change, or the window's later
 * collectives (fence, free) no longer match across processes: the program
 * hangs (the time limit of test/mpi/run then fails the test) or moves the
 * wrong data. */
static void change_on_one_process(void)
{
    const char *const locks[] = { "no_locks", "false", NULL };
    const char *const no_locks[] = { "no_locks", "true", NULL };
    MPI_Info info = info_of(locks);
    MPI_Win win;
    int *base;
    CHECK_CLASS(make_window(ALLOCATE, info, &win, &base), MPI_SUCCESS);
    MPI_Info_free(&info);

    for (int round = 0; round < 3; round++) {
        /* rank 0 toggles no_locks; the others give the value in use */
        const char *const *pairs = rank == 0 && round % 2 == 0 ? no_locks : locks;
        set_info(win, pairs);
        EXPECT_HINT(win, win, "no_locks", pairs[1], "set_info changing a hint on rank 0 only");
        char what[80];
        snprintf(what, sizeof(what), "round %d after set_info changing a hint on rank 0 only",
                 round);
        put_around_ring(win, base, round * 100, what);
    }

    /* A refusal after rank 0 alone took new values: every process puts its
     * old values back and leaves in step with the others.  (Rank 0 has
     * no_locks true from the last round, the others false.) */
    const char *const mismatch[] = { "no_locks", "false", "same_size", "true", NULL };
    const char *const in_use[] = { "same_size", "false", NULL };
    info = info_of(rank == 0 ? mismatch : in_use);
    CHECK_CLASS(MPI_Win_set_info(win, info), MPI_ERR_NOT_SAME);
    MPI_Info_free(&info);
    EXPECT_HINT(win, win, "no_locks", rank == 0 ? "true" : "false",
                "a refused set_info that changed rank 0's hints");
    put_around_ring(win, base, 1000, "after a refused set_info that changed rank 0's hints");
    MPI_Win_free(&win);
}

/* RMA gives the right data with every hint asserted (and the program keeping
 * its assertions: fences only, MPI_SUM only, the same size everywhere). */
static void rma_with_hints(void)
{
    const char *const asserted[] = {
        "no_locks", "true", "accumulate_ordering", "none", "accumulate_ops", "same_op",
        "same_size", "true", "same_disp_unit", "true", "mpi_assert_memory_alloc_kinds", "mpi",
        "which_accumulate_ops", "sum", "disable_shm_accumulate", "true",
        "perf_preference", "mr", "alloc_shm", "true", NULL
    };
    for (int f = CREATE; f <= SHARED; f++) {
        MPI_Win win;
        int *base, got[64];
        MPI_Info info = info_of(asserted);
        CHECK_CLASS(make_window(f, info, &win, &base), MPI_SUCCESS);
        MPI_Info_free(&info);
        MPI_Comm comm = f == SHARED ? shm_comm : MPI_COMM_WORLD;
        int me, n;
        MPI_Comm_rank(comm, &me);
        MPI_Comm_size(comm, &n);

        MPI_Win_fence(0, win);
        for (int i = 0; i < 64; i++)
            base[i] = 0;
        MPI_Win_fence(0, win);
        /* every process adds its rank + 1 to every element of every target */
        int mine[64];
        for (int i = 0; i < 64; i++)
            mine[i] = me + 1;
        for (int t = 0; t < n; t++)
            MPI_Accumulate(mine, 64, MPI_INT, t, 0, 64, MPI_INT, MPI_SUM, win);
        MPI_Win_fence(0, win);
        MPI_Get(got, 64, MPI_INT, (me + 1) % n, 0, 64, MPI_INT, win);
        MPI_Win_fence(0, win);
        int want = n * (n + 1) / 2, wrong = 0;
        for (int i = 0; i < 64; i++)
            wrong += got[i] != want;
        CHECK(wrong == 0, "%s with every hint: expected every element %d, got %d wrong "
              "(first %d)", flavour_names[f], want, wrong, got[0]);
        MPI_Win_free(&win);
    }

    /* noncontiguous shared memory: each process's part is reachable through
     * MPI_Win_shared_query and holds what its owner wrote */
    const char *const noncontig[] = { "alloc_shared_noncontig", "true", NULL };
    MPI_Win win = window_with(SHARED, noncontig);
    int me, n, *base, *other, disp;
    MPI_Aint other_size;
    MPI_Comm_rank(shm_comm, &me);
    MPI_Comm_size(shm_comm, &n);
    MPI_Win_shared_query(win, me, &other_size, &disp, &base);
    MPI_Win_lock_all(0, win);
    for (int i = 0; i < 64; i++)
        base[i] = me * 1000 + i;
    MPI_Win_sync(win);
    MPI_Barrier(shm_comm);
    MPI_Win_sync(win);
    int peer = (me + 1) % n, wrong = 0;
    MPI_Win_shared_query(win, peer, &other_size, &disp, &other);
    for (int i = 0; i < 64; i++)
        wrong += other[i] != peer * 1000 + i;
    MPI_Win_unlock_all(win);
    CHECK(wrong == 0 && other_size == 64 * sizeof(int),
          "alloc_shared_noncontig: expected %d's part (%zu bytes), got %d wrong of %ld bytes",
          peer, 64 * sizeof(int), wrong, (long) other_size);
    MPI_Win_free(&win);

    /* a dynamic window with memory attached collectively (coll_attach) */
    const char *const coll[] = { "coll_attach", "true", NULL };
    win = window_with(DYNAMIC, coll);
    int *attached = calloc(64, sizeof(int)), got[64];
    MPI_Aint addr, target_addr;
    MPI_Win_attach(win, attached, 64 * sizeof(int));
    MPI_Get_address(attached, &addr);
    int next = (rank + 1) % size;
    MPI_Sendrecv(&addr, 1, MPI_AINT, (rank + size - 1) % size, 0, &target_addr, 1, MPI_AINT,
                 next, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    for (int i = 0; i < 64; i++)
        attached[i] = rank * 100 + i;
    MPI_Win_fence(0, win);
    MPI_Get(got, 64, MPI_INT, next, target_addr, 64, MPI_INT, win);
    MPI_Win_fence(0, win);
    wrong = 0;
    for (int i = 0; i < 64; i++)
        wrong += got[i] != next * 100 + i;
    CHECK(wrong == 0, "dynamic window with coll_attach: expected %d's data, got %d wrong",
          next, wrong);
    MPI_Win_detach(win, attached);
    MPI_Win_free(&win);
    free(attached);
}

int main(int argc, char **argv)
{
    char version[MPI_MAX_LIBRARY_VERSION_STRING];
    int len;

    MPI_Init(&argc, &argv);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Get_library_version(version, &len);
    on_ch3 = strstr(version, "ch3:") != NULL;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &shm_comm);
    MPI_Comm_set_errhandler(shm_comm, MPI_ERRORS_RETURN);

    defaults();
    typed_values();
    set_info_scenarios();
    change_on_one_process();
    round_trip_and_user_info();
    agreement();
    rma_with_hints();

    MPI_Comm_free(&shm_comm);
    int rc = check_finish(MPI_COMM_WORLD);
    MPI_Finalize();
    return rc;
}
