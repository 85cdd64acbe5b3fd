/* File hints that must agree, for the hints whose values are words: the
 * enable/disable/automatic hints romio_cb_read, romio_cb_write,
 * romio_cb_pfr, romio_cb_alltoall, romio_ds_read, romio_ds_write and
 * romio_synchronized_flush, and the boolean romio_no_indep_rw.
 * doc/files.txt, Agreement (patch 0034): the hints ROMIO needs to be the
 * same on all processes are every hint it reads except cb_config_list
 * (the hint lists say "the same on all processes" for each of these); "a
 * different value, or a value given on some processes only, is
 * MPI_ERR_NOT_SAME on every process: MPI_File_open fails and gives
 * MPI_FILE_NULL, set_info and set_view change nothing (set_view applies
 * its hints before it changes the view)".  ROMIO folds each such hint, as
 * it read it, into a digest that one allreduce compares.  The integer
 * hints are checked by file_hints.c and the other file tests; here, for
 * each word hint:
 *   - open with two different words (rank 0 differing, then the last
 *     rank), and with a word on rank 0 only (the default's word, so that
 *     the settings would even be equal): MPI_ERR_NOT_SAME on every process,
 *     and MPI_FILE_NULL;
 *   - set_info and set_view with two different words (for the
 *     enable/disable hints neither of them the one in use), and with a word on rank 0 only: MPI_ERR_NOT_SAME on every
 *     process, and get_info reports exactly what it reported before (the
 *     same keys, values and order); set_view leaves the view as it was;
 *   - the same word spelled differently on different processes (padded, in
 *     upper case, "requested" for enable; doc/files.txt: "ENABLE" and
 *     "requested" are read as enable, booleans also in upper case) is the
 *     same value: open and set_info succeed and every process reports the
 *     canonical word (doc/files.txt: "Accepted values are reported in
 *     canonical form").
 * mpich-info-test: np=2,4 section=info */
#include "check.h"
#include <unistd.h>

static int rank, size;
static char path[256];

static const char *const enabled_hints[] = {
    "romio_cb_read", "romio_cb_write", "romio_cb_pfr", "romio_cb_alltoall",
    "romio_ds_read", "romio_ds_write", "romio_synchronized_flush"
};

#define N_ENABLED ((int) (sizeof(enabled_hints) / sizeof(enabled_hints[0])))

/* The words a hint takes: the enable/disable/automatic ones or a boolean */
static const char *const enabled_words[] = { "enable", "disable", "automatic", NULL };
static const char *const bool_words[] = { "true", "false", NULL };

/* The info process `odd` passes holds key=odd_value (none when NULL); the
 * others' holds key=value (none when NULL). */
static MPI_Info info_differing(const char *key, const char *value, int odd,
                               const char *odd_value)
{
    MPI_Info info;
    const char *mine = rank == odd ? odd_value : value;
    MPI_Info_create(&info);
    if (mine)
        MPI_Info_set(info, key, mine);
    return info;
}

/* e.g. "romio_cb_write='enable' on rank 0, 'disable' on the others" */
static const char *describe(const char *key, const char *value, int odd, const char *odd_value)
{
    static char text[256];
    snprintf(text, sizeof(text), "%s='%s' on rank %d, %s%s%s on the others", key,
             odd_value ? odd_value : "(none)", odd, value ? "'" : "", value ? value : "none",
             value ? "'" : "");
    return text;
}

static int open_with(MPI_Info info, MPI_File * fh)
{
    *fh = MPI_FILE_NULL;
    return MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_RDWR, info, fh);
}

static void open_mismatch(const char *key, const char *value, int odd, const char *odd_value)
{
    MPI_Info info = info_differing(key, value, odd, odd_value);
    MPI_File fh;
    int cls = error_class(open_with(info, &fh));
    const char *what = describe(key, value, odd, odd_value);
    CHECK(cls == MPI_ERR_NOT_SAME, "MPI_File_open with %s: expected MPI_ERR_NOT_SAME on rank "
          "%d, got %s (%d)", what, rank, error_class_name(cls), cls);
    CHECK(fh == MPI_FILE_NULL, "MPI_File_open with %s: expected MPI_FILE_NULL on rank %d, got "
          "a file handle", what, rank);
    if (fh != MPI_FILE_NULL)
        MPI_File_close(&fh);
    MPI_Info_free(&info);
}

/* set_info (or set_view, with view set) with a mismatch changes nothing */
static void later_mismatch(MPI_File fh, int view, const char *key, const char *value, int odd,
                           const char *odd_value)
{
    MPI_Info before, after, info = info_differing(key, value, odd, odd_value);
    const char *call = view ? "MPI_File_set_view" : "MPI_File_set_info";
    char what[400];
    snprintf(what, sizeof(what), "%s with %s", call, describe(key, value, odd, odd_value));

    MPI_File_get_info(fh, &before);
    int rc = view ? MPI_File_set_view(fh, 16, MPI_INT, MPI_INT, "native", info)
        : MPI_File_set_info(fh, info);
    int cls = error_class(rc);
    CHECK(cls == MPI_ERR_NOT_SAME, "%s: expected MPI_ERR_NOT_SAME on rank %d, got %s (%d)",
          what, rank, error_class_name(cls), cls);
    MPI_File_get_info(fh, &after);
    char unchanged[512];
    snprintf(unchanged, sizeof(unchanged), "%s: get_info afterwards on rank %d (expected the "
             "hints in use before)", what, rank);
    check_same_info(before, after, unchanged);
    MPI_Info_free(&before);
    MPI_Info_free(&after);
    MPI_Info_free(&info);

    MPI_Offset disp = -1;
    MPI_Datatype etype = MPI_DATATYPE_NULL, filetype = MPI_DATATYPE_NULL;
    char datarep[MPI_MAX_DATAREP_STRING + 1];
    MPI_File_get_view(fh, &disp, &etype, &filetype, datarep);
    CHECK(disp == 0 && etype == MPI_BYTE && filetype == MPI_BYTE,
          "%s: expected the view to stay (displacement 0, MPI_BYTE, MPI_BYTE) on rank %d, got "
          "displacement %lld%s%s", what, rank, (long long) disp,
          etype == MPI_BYTE ? "" : ", another etype",
          filetype == MPI_BYTE ? "" : ", another filetype");
    if (view && disp != 0) {
        /* (the mismatch was taken: put the view back for the next case) */
        MPI_File_set_view(fh, 0, MPI_BYTE, MPI_BYTE, "native", MPI_INFO_NULL);
    }
}

/* The two words of words[] other than current (enabled hints: 3 words) */
static void other_words(const char *const *words, const char *current, const char **a,
                        const char **b)
{
    *a = *b = NULL;
    for (int i = 0; words[i]; i++) {
        if (strcmp(words[i], current) == 0)
            continue;
        if (!*a)
            *a = words[i];
        else if (!*b)
            *b = words[i];
    }
}

/* A word hint given differently: at open, then on an open file. */
static void mismatches(const char *key, const char *const *words, const char *dflt)
{
    const char *first = words[0], *second = words[1];
    int last = size - 1;

    /* open: rank 0 differs, then the last rank; a word on rank 0 only */
    open_mismatch(key, second, 0, first);
    open_mismatch(key, first, last, second);
    open_mismatch(key, NULL, 0, dflt);

    /* on an open file: words other than the one in use (a boolean has
     * only one other: the others give the word in use, rank 0 the other) */
    MPI_File fh;
    CHECK_CLASS(open_with(MPI_INFO_NULL, &fh), MPI_SUCCESS);
    if (fh == MPI_FILE_NULL)
        return;
    char current[MPI_MAX_INFO_VAL + 1];
    snprintf(current, sizeof(current), "%s", file_reported(fh, key));
    const char *a, *b;
    other_words(words, current, &a, &b);
    if (!a) {
        CHECK(0, "%s: expected one of its words in use, got '%s'", key, current);
        MPI_File_close(&fh);
        return;
    }
    if (!b)
        b = current;
    later_mismatch(fh, 0, key, b, 0, a);
    later_mismatch(fh, 0, key, a, last, b);
    later_mismatch(fh, 0, key, NULL, 0, a);
    later_mismatch(fh, 1, key, b, 0, a);
    later_mismatch(fh, 1, key, a, last, b);
    later_mismatch(fh, 1, key, NULL, last, a);
    EXPECT_HINT(file, fh, key, current, "after the mismatches");
    MPI_File_close(&fh);
}

/* One word spelled differently on different processes is one value. */
static void same_word(const char *key, const char *canonical, const char *const *spellings)
{
    /* rank 0 gives spellings[0], the others the next ones in turn */
    int n = 0;
    while (spellings[n])
        n++;
    const char *mine = rank == 0 ? spellings[0] : spellings[1 + (rank - 1) % (n - 1)];
    const char *const pairs[] = { key, mine, NULL };
    MPI_Info info = info_of(pairs);
    MPI_File fh;
    int cls = error_class(open_with(info, &fh));
    CHECK(cls == MPI_SUCCESS, "MPI_File_open with %s='%s' on rank %d and the same word spelled "
          "otherwise elsewhere: expected MPI_SUCCESS, got %s (%d)", key, mine, rank,
          error_class_name(cls), cls);
    if (fh != MPI_FILE_NULL) {
        char what[200];
        snprintf(what, sizeof(what), "open with '%s' on rank %d", mine, rank);
        EXPECT_HINT(file, fh, key, canonical, what);
        /* and again by set_info */
        cls = error_class(MPI_File_set_info(fh, info));
        CHECK(cls == MPI_SUCCESS, "MPI_File_set_info with %s='%s' on rank %d and the same "
              "word spelled otherwise elsewhere: expected MPI_SUCCESS, got %s (%d)", key, mine,
              rank, error_class_name(cls), cls);
        snprintf(what, sizeof(what), "set_info with '%s' on rank %d", mine, rank);
        EXPECT_HINT(file, fh, key, canonical, what);
        MPI_File_close(&fh);
    }
    MPI_Info_free(&info);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    /* one file per run, named by rank 0, in the working directory */
    int pid = (int) getpid();
    MPI_Bcast(&pid, 1, MPI_INT, 0, MPI_COMM_WORLD);
    snprintf(path, sizeof(path), "file_hints_agreed_words.%d.dat", pid);

    static const char *const enable_spellings[] = { "requested", " ENABLE ", "enable", NULL };
    static const char *const disable_spellings[] = { "disable", "DISABLE ", " disable", NULL };
    static const char *const automatic_spellings[] = { "automatic ", "AUTOMATIC", "automatic",
        NULL
    };
    static const char *const true_spellings[] = { "true", " TRUE ", "true ", NULL };
    static const char *const false_spellings[] = { " false", "FALSE", "false", NULL };

    for (int i = 0; i < N_ENABLED; i++) {
        const char *dflt = strcmp(enabled_hints[i], "romio_cb_pfr") == 0 ||
            strcmp(enabled_hints[i], "romio_synchronized_flush") == 0 ? "disable" : "automatic";
        mismatches(enabled_hints[i], enabled_words, dflt);
        /* (not romio_cb_pfr: a file opened with it enabled and closed
         * before any collective I/O crashes in MPI_File_close, in ROMIO's
         * code as in MPICH 4.0.2: the file realms it frees are made by the
         * first collective I/O) */
        if (strcmp(enabled_hints[i], "romio_cb_pfr") != 0)
            same_word(enabled_hints[i], "enable", enable_spellings);
        same_word(enabled_hints[i], "disable", disable_spellings);
        same_word(enabled_hints[i], "automatic", automatic_spellings);
    }
    mismatches("romio_no_indep_rw", bool_words, "false");
    same_word("romio_no_indep_rw", "true", true_spellings);
    same_word("romio_no_indep_rw", "false", false_spellings);

    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0)
        MPI_File_delete(path, MPI_INFO_NULL);
    int rc = check_finish(MPI_COMM_WORLD);
    if (MPI_Finalize() != MPI_SUCCESS)
        rc = 1;
    return rc;
}
