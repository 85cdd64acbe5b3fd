! Session error handlers from Fortran (mpi_f08): a handler made before any
! initialization, errors returned with MPI_ERRORS_RETURN, a Fortran handler
! set on the session called once per error with that session, and the
! handler freed after the last session.  MPI_Session_get_nth_pset counts
! sets from 0, with length 0 gives the length of the name and leaves the
! name, cuts a name to the buffer, and refuses n past the last set.
! mpich-info-test: np=1,2 section=sessions
module session_errors_counter
    use mpi_f08
    implicit none
    integer :: calls = 0, last_code = MPI_SUCCESS
    type(MPI_Session) :: last_session
contains
    subroutine count_error(session, error_code)
        type(MPI_Session) :: session
        integer :: error_code
        calls = calls + 1
        last_code = error_code
        last_session = session
    end subroutine count_error
end module session_errors_counter

program session_errors_f08
    use mpi_f08
    use session_errors_counter
    implicit none
    type(MPI_Session) :: session
    type(MPI_Errhandler) :: counting, got
    type(MPI_Info) :: info
    type(MPI_Group) :: group
    integer :: ierr, cls, errors, pset_len
    character(len=4) :: short

    errors = 0
    call MPI_Session_create_errhandler(count_error, counting, ierr)
    if (ierr /= MPI_SUCCESS) then
        print *, 'create_errhandler before init: expected MPI_SUCCESS, got', ierr
        errors = errors + 1
    end if
    call MPI_Session_init(MPI_INFO_NULL, MPI_ERRORS_RETURN, session, ierr)
    if (ierr /= MPI_SUCCESS) then
        print *, 'MPI_Session_init failed:', ierr
        stop 1
    end if

    call MPI_Session_get_pset_info(session, 'mpi://no-such-set', info, ierr)
    call MPI_Error_class(ierr, cls)
    if (cls /= MPI_ERR_ARG) then
        print *, 'unknown set with MPI_ERRORS_RETURN: expected class', MPI_ERR_ARG, 'got', cls
        errors = errors + 1
    end if

    ! Set 0 is mpi://WORLD. A Fortran length does not count a NUL.
    pset_len = 0
    short = 'keep'
    call MPI_Session_get_nth_pset(session, MPI_INFO_NULL, 0, pset_len, short, ierr)
    if (ierr /= MPI_SUCCESS .or. pset_len /= len('mpi://WORLD') .or. short /= 'keep') then
        print *, 'get_nth_pset with length 0: expected', len('mpi://WORLD'), &
                 'and the name left as it was, got', pset_len, '"', short, '" error', ierr
        errors = errors + 1
    end if
    ! A length beyond the buffer: the name is cut to the buffer.
    pset_len = 100
    call MPI_Session_get_nth_pset(session, MPI_INFO_NULL, 0, pset_len, short, ierr)
    if (ierr /= MPI_SUCCESS .or. short /= 'mpi:') then
        print *, 'get_nth_pset into 4 characters: expected "mpi:", got "', short, '"'
        errors = errors + 1
    end if
    call MPI_Session_get_nth_pset(session, MPI_INFO_NULL, 2, pset_len, short, ierr)
    call MPI_Error_class(ierr, cls)
    if (cls /= MPI_ERR_ARG) then
        print *, 'get_nth_pset n=2 of 2 sets: expected class', MPI_ERR_ARG, 'got', cls
        errors = errors + 1
    end if

    call MPI_Session_set_errhandler(session, counting, ierr)
    call MPI_Session_get_errhandler(session, got, ierr)
    if (got /= counting) then
        print *, 'get_errhandler: expected the handler set'
        errors = errors + 1
    end if
    call MPI_Errhandler_free(got, ierr)
    call MPI_Group_from_session_pset(session, 'mpi://no-such-set', group, ierr)
    call MPI_Error_class(last_code, cls)
    if (calls /= 1 .or. cls /= MPI_ERR_ARG .or. last_session /= session) then
        print *, 'unknown set with a Fortran handler: expected 1 call with MPI_ERR_ARG', &
                 ' and the session, got', calls, 'calls, class', cls
        errors = errors + 1
    end if

    call MPI_Session_finalize(session, ierr)
    call MPI_Errhandler_free(counting, ierr)
    if (ierr /= MPI_SUCCESS) then
        print *, 'Errhandler_free after the last session: expected MPI_SUCCESS, got', ierr
        errors = errors + 1
    end if
    if (errors /= 0) then
        print *, 'session_errors_f08:', errors, 'check(s) failed'
        stop 1
    end if
end program session_errors_f08
