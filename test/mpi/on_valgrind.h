/* RUNNING_ON_VALGRIND: nonzero when the test runs under valgrind (its
 * header, where installed), so that a test can do less there, where each
 * step costs a hundred times more; 0 without the header. */
#ifndef MPICH_INFO_TEST_ON_VALGRIND_H
#define MPICH_INFO_TEST_ON_VALGRIND_H
#if defined(__has_include)
#if __has_include(<valgrind/valgrind.h>)
#include <valgrind/valgrind.h>
#endif
#endif
#ifndef RUNNING_ON_VALGRIND
#define RUNNING_ON_VALGRIND 0
#endif
#endif
