/* A deadline for each round of a test whose failure would be a hang: a
 * round not over in time makes the process say so and exit with status 1,
 * so that the test fails before the harness's time limit (make audit does
 * not count a kill there as a test noticing). The text is written before
 * the round, since the signal handler may only write it out and exit. */
#ifndef MPICH_INFO_TEST_ROUND_DEADLINE_H
#define MPICH_INFO_TEST_ROUND_DEADLINE_H
#include <signal.h>
#include <stdio.h>
#include <unistd.h>

static char overdue_text[320];
static int overdue_length;

static void round_overdue(int sig)
{
    ssize_t written = write(STDERR_FILENO, overdue_text, overdue_length);
    (void) written;
    (void) sig;
    _exit(1);
}

/* Arms the deadline of round ROUND of ROUNDS: SECONDS from now; EXPECTED
 * says what the round should have done. */
static void arm_round_deadline(int rank, int round, int rounds, int seconds,
                               const char *expected)
{
    alarm(0);   /* (the text changes: no handler may read it meanwhile) */
    signal(SIGALRM, round_overdue);
    overdue_length = snprintf(overdue_text, sizeof overdue_text,
                              "FAIL: rank %d: round %d of %d not over within %d s: expected"
                              " %s, got this process still in the round\n",
                              rank, round, rounds, seconds, expected);
    if (overdue_length >= (int) sizeof overdue_text)
        overdue_length = sizeof overdue_text - 1;
    alarm(seconds);
}
#endif
