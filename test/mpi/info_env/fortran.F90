! MPI_INFO_ENV and MPI_INFO_CREATE_ENV through each Fortran interface: the
! mpi_f08 module (built with -DUSE_MPI_F08), mpif.h (-DUSE_MPIF_H) or the
! mpi module. command and argv come from the Fortran command line (init
! gets no arguments); the expected values are built here from
! GET_COMMAND_ARGUMENT with the project's argv format. With -DUSE_SESSIONS
! the program starts MPI with MPI_SESSION_INIT instead of MPI_INIT. Before
! either, MPI_INFO_ENV is empty. Launched by info_env.sh.
#ifdef USE_MPI_F08
#define INFO_HANDLE type(MPI_Info)
#define SESSION_HANDLE type(MPI_Session)
#else
#define INFO_HANDLE integer
#define SESSION_HANDLE integer
#endif
#ifdef USE_SESSIONS
#define STARTED 'MPI_SESSION_INIT'
#define ENDED 'MPI_SESSION_FINALIZE'
#else
#define STARTED 'MPI_INIT'
#define ENDED 'MPI_FINALIZE'
#endif
program info_env_fortran
#if defined(USE_MPI_F08)
    use mpi_f08
    implicit none
#elif defined(USE_MPIF_H)
    implicit none
    include 'mpif.h'
#else
    use mpi
    implicit none
#endif
    character(len=4096) :: want_command, want_argv
    integer :: errs, ierror, nkeys
    INFO_HANDLE :: info
    SESSION_HANDLE :: session

    errs = 0
    call expected(want_command, want_argv)
    call MPI_INFO_GET_NKEYS(MPI_INFO_ENV, nkeys, ierror)
    if (ierror /= MPI_SUCCESS .or. nkeys /= 0) then
        print '(a,i0,a,i0)', 'MPI_INFO_ENV before ' // STARTED // ': expected 0 keys, got ', &
            nkeys, ' (error code ', ierror, ')'
        errs = errs + 1
    end if
#ifdef USE_SESSIONS
    call MPI_SESSION_INIT(MPI_INFO_NULL, MPI_ERRORS_RETURN, session, ierror)
#else
    call MPI_INIT(ierror)
#endif
    call check(MPI_INFO_ENV, 'MPI_INFO_ENV after ' // STARTED)
    call MPI_INFO_CREATE_ENV(info, ierror)
    call check(info, 'MPI_INFO_CREATE_ENV')
    call MPI_INFO_FREE(info, ierror)
#ifdef USE_SESSIONS
    call MPI_SESSION_FINALIZE(session, ierror)
#else
    call MPI_FINALIZE(ierror)
#endif
    call check(MPI_INFO_ENV, 'MPI_INFO_ENV after ' // ENDED)
    call MPI_INFO_CREATE_ENV(info, ierror)
    call check(info, 'MPI_INFO_CREATE_ENV after ' // ENDED)
    call MPI_INFO_FREE(info, ierror)
    if (errs == 0) print '(a)', ' No Errors'
    if (errs /= 0) error stop 1

contains

    subroutine expected(command, args)
        character(len=*), intent(out) :: command, args
        character(len=1024) :: arg
        integer :: i, j, n, length
        logical :: quote
        call get_command_argument(0, command)
        args = ''
        n = 0
        do i = 1, command_argument_count()
            call get_command_argument(i, arg, length)
            quote = length == 0 .or. scan(arg(1:length), ' "\' // achar(9)) > 0
            if (i > 1) call put(args, n, ' ')
            if (quote) call put(args, n, '"')
            do j = 1, length
                if (quote .and. (arg(j:j) == '"' .or. arg(j:j) == '\')) call put(args, n, '\')
                call put(args, n, arg(j:j))
            end do
            if (quote) call put(args, n, '"')
        end do
    end subroutine expected

    subroutine put(text, n, c)
        character(len=*), intent(inout) :: text
        integer, intent(inout) :: n
        character(len=1), intent(in) :: c
        n = n + 1
        text(n:n) = c
    end subroutine put

    subroutine check_key(info, key, want, where)
        INFO_HANDLE, intent(in) :: info
        character(len=*), intent(in) :: key, want, where
        character(len=4096) :: value
        integer :: buflen, ierror
        logical :: flag
        buflen = len(value)
        call MPI_INFO_GET_STRING(info, key, buflen, value, flag, ierror)
        if (len_trim(want) == 0) then
            if (flag) then
                print '(5a)', where, ': expected no ', key, ', got ', trim(value)
                errs = errs + 1
            end if
        else if (.not. flag) then
            print '(6a)', where, ': expected ', key, ' = ', trim(want), ', got no such key'
            errs = errs + 1
        else if (value /= want) then
            print '(8a)', where, ': expected ', key, ' = ', trim(want), ', got ', trim(value)
            errs = errs + 1
        end if
    end subroutine check_key

    ! host, arch and wdir as the launching script found them (uname -n,
    ! uname -m, its directory); a key whose variable is unset or empty must
    ! be absent.
    subroutine check(info, where)
        INFO_HANDLE, intent(in) :: info
        character(len=*), intent(in) :: where
        character(len=4096) :: maxprocs, host, arch, wdir, file, thread_level
        integer :: level_status
        call get_environment_variable('EXPECT_MAXPROCS', maxprocs)
        call get_environment_variable('EXPECT_HOST', host)
        call get_environment_variable('EXPECT_ARCH', arch)
        call get_environment_variable('EXPECT_WDIR', wdir)
        call get_environment_variable('EXPECT_FILE', file)
        call get_environment_variable('EXPECT_THREAD_LEVEL', thread_level, status=level_status)
        if (level_status /= 0) thread_level = 'MPI_THREAD_SINGLE'
        call check_key(info, 'command', want_command, where)
        call check_key(info, 'argv', want_argv, where)
        call check_key(info, 'maxprocs', maxprocs, where)
        call check_key(info, 'soft', '', where)
        call check_key(info, 'host', host, where)
        call check_key(info, 'arch', arch, where)
        call check_key(info, 'wdir', wdir, where)
        call check_key(info, 'file', file, where)
        call check_key(info, 'thread_level', thread_level, where)
        call check_key(info, 'mpi_initial_errhandler', 'mpi_errors_are_fatal', where)
    end subroutine check
end program info_env_fortran
