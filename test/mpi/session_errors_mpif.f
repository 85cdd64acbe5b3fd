! Session error handlers from mpif.h: a handler made before any
! initialization, errors returned with MPI_ERRORS_RETURN, a Fortran
! handler set on the session called with that session, the handler
! freed after the last session; MPI_Session_get_nth_pset counts sets from
! 0, with length 0 gives the length, and cuts a name to the buffer.
! mpich-info-test: np=1,2 section=sessions
      subroutine count_error(session, code)
      implicit none
      integer session, code, calls, last_code, last_session
      common /counted/ calls, last_code, last_session
      calls = calls + 1
      last_code = code
      last_session = session
      end

      program session_errors_mpif
      implicit none
      include 'mpif.h'
      external count_error
      integer session, counting, got, info, group, ierr, cls, errors
      integer calls, last_code, last_session, pset_len
      character*4 short
      common /counted/ calls, last_code, last_session

      errors = 0
      calls = 0
      call mpi_session_create_errhandler(count_error, counting, ierr)
      if (ierr .ne. MPI_SUCCESS) then
         print *, 'create_errhandler before init: expected 0, got', ierr
         errors = errors + 1
      end if
      call mpi_session_init(MPI_INFO_NULL, MPI_ERRORS_RETURN, session,
     &                      ierr)
      if (ierr .ne. MPI_SUCCESS) then
         print *, 'mpi_session_init failed:', ierr
         stop 1
      end if
      call mpi_session_get_pset_info(session, 'mpi://no-such-set',
     &                               info, ierr)
      call mpi_error_class(ierr, cls, ierr)
      if (cls .ne. MPI_ERR_ARG) then
         print *, 'unknown set, MPI_ERRORS_RETURN: expected class',
     &            MPI_ERR_ARG, 'got', cls
         errors = errors + 1
      end if

      pset_len = 0
      call mpi_session_get_nth_pset(session, MPI_INFO_NULL, 0,
     &                              pset_len, short, ierr)
      if (ierr .ne. MPI_SUCCESS .or. pset_len .ne. 11) then
         print *, 'get_nth_pset(0) with length 0: expected 11',
     &            ' (mpi://WORLD), got', pset_len, 'error', ierr
         errors = errors + 1
      end if
      pset_len = 4
      call mpi_session_get_nth_pset(session, MPI_INFO_NULL, 1,
     &                              pset_len, short, ierr)
      if (ierr .ne. MPI_SUCCESS .or. short .ne. 'mpi:') then
         print *, 'get_nth_pset(1) into 4 characters: expected',
     &            ' "mpi:", got "', short, '"'
         errors = errors + 1
      end if

      call mpi_session_set_errhandler(session, counting, ierr)
      call mpi_session_get_errhandler(session, got, ierr)
      if (got .ne. counting) then
         print *, 'get_errhandler: expected the handler set'
         errors = errors + 1
      end if
      call mpi_errhandler_free(got, ierr)
      call mpi_group_from_session_pset(session, 'mpi://no-such-set',
     &                                 group, ierr)
      call mpi_error_class(last_code, cls, ierr)
      if (calls .ne. 1 .or. cls .ne. MPI_ERR_ARG .or.
     &    last_session .ne. session) then
         print *, 'unknown set, Fortran handler: expected 1 call',
     &            ' with MPI_ERR_ARG and the session, got', calls,
     &            'calls, class', cls
         errors = errors + 1
      end if

      call mpi_session_finalize(session, ierr)
      call mpi_errhandler_free(counting, ierr)
      if (ierr .ne. MPI_SUCCESS) then
         print *, 'errhandler_free after the last session:',
     &            ' expected 0, got', ierr
         errors = errors + 1
      end if
      if (errors .ne. 0) then
         print *, 'session_errors_mpif:', errors, 'check(s) failed'
         stop 1
      end if
      end
