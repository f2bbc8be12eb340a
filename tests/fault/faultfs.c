/* Fault injection for Flick's storage tests, loaded with LD_PRELOAD.
 *
 * While the file named by $FLICK_FAULT_CONTROL exists, writing to files under the folder
 * $FLICK_FAULT_DIR (or to the folder itself) fails with the errno the control file names:
 * ENOSPC, EIO, EROFS or EACCES (ENOSPC if it names none of them). ENOENT is another kind of
 * fault: chmod of a -wal or -shm file in the folder fails with ENOENT, as when another
 * process's last connection deleted it a moment before (SQLite deletes both as it closes), and
 * nothing else fails. Removing the file is "freeing
 * space": the next call goes through again. Nothing is cached, so a test can create, change and
 * delete the control file at any moment.
 *
 * What fails, for a file descriptor whose path (/proc/self/fd/N) is in the folder:
 *   write, pwrite, pwrite64, writev, pwritev, pwritev64, pwritev2, pwritev64v2,
 *   fsync, fdatasync, ftruncate, ftruncate64, fallocate, fallocate64,
 *   posix_fallocate, posix_fallocate64 (these two return the error instead of setting errno).
 * For a path in the folder:
 *   open, open64, openat, openat64, creat, creat64 and glibc's fortified __open*_2: with EROFS
 *   or EACCES (a disk mounted read-only, a folder one may not change) every open for writing
 *   (write access, O_CREAT or O_TRUNC) fails; with ENOSPC or EIO opens go through.
 *   access, faccessat with W_OK: fail with EROFS or EACCES, as on a read-only disk.
 *   statvfs, fstatvfs (and their 64 names): with ENOSPC they report no free blocks.
 * With $FLICK_FAULT_LOG set, each injected failure is also written there as one line,
 * "faultfs: pwrite64 /data/flick.sqlite-wal: ENOSPC", to see which calls a program makes.
 * Everything else, and everything while there is no control file, passes through to the next
 * definition (dlsym RTLD_NEXT) with errno as the real call leaves it. Not covered: unlink,
 * rename, mkdir, chmod but for ENOENT, and stores into shared memory maps (SQLite's -shm index
 * is mapped).
 *
 * Debian's libsqlite3 imports open64, pwrite64, ftruncate64, fdatasync, write and access (not
 * the names without 64, not fsync): interposition is by symbol name, so each name is defined.
 *
 * Robustness: no allocation and no stdio after start-up; the state is set once (pthread_once)
 * and read-only afterwards, so any thread may call in; the control file is read with raw system
 * calls, so the shim never re-enters itself; a missing real function gives ENOSYS, never a
 * crash. Built by the tests with `gcc -shared -fPIC -O2 -o faultfs.so faultfs.c -ldl`. */
#undef _FORTIFY_SOURCE /* Its inline open() wrappers would clash with the definitions here. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <unistd.h>

#define EXPORT __attribute__((visibility("default")))

/* ---- State, set once ---------------------------------------------------------------------- */

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int enabled;                    /* Both variables set and usable. */
static char control_path[PATH_MAX];
static char folder[PATH_MAX];          /* $FLICK_FAULT_DIR without trailing slashes. */
static size_t folder_length;
static char folder_real[PATH_MAX];     /* The same with symbolic links resolved, if it existed. */
static size_t folder_real_length;
static int log_fd = -1;                /* $FLICK_FAULT_LOG: one line per injected failure. */

#define REAL(name) static __typeof__(name) *real_##name
REAL(write); REAL(pwrite); REAL(pwrite64); REAL(writev); REAL(pwritev); REAL(pwritev64);
REAL(pwritev2); REAL(pwritev64v2); REAL(fsync); REAL(fdatasync); REAL(ftruncate); REAL(ftruncate64);
REAL(fallocate); REAL(fallocate64); REAL(posix_fallocate); REAL(posix_fallocate64);
REAL(open); REAL(open64); REAL(openat); REAL(openat64); REAL(creat); REAL(creat64);
REAL(access); REAL(faccessat); REAL(statvfs); REAL(statvfs64); REAL(fstatvfs); REAL(fstatvfs64);
REAL(chmod);
static int (*real___open_2)(const char *, int);
static int (*real___open64_2)(const char *, int);
static int (*real___openat_2)(int, const char *, int);
static int (*real___openat64_2)(int, const char *, int);

static size_t copy_trimmed(char *target, const char *source) {
  size_t length = strlen(source);
  if (length == 0 || length >= PATH_MAX)
    return 0;
  while (length > 1 && source[length - 1] == '/')
    length--;
  memcpy(target, source, length);
  target[length] = '\0';
  return length;
}

static void initialize(void) {
#define RESOLVE(name) real_##name = (__typeof__(real_##name))dlsym(RTLD_NEXT, #name)
  RESOLVE(write); RESOLVE(pwrite); RESOLVE(pwrite64); RESOLVE(writev); RESOLVE(pwritev);
  RESOLVE(pwritev64); RESOLVE(pwritev2); RESOLVE(pwritev64v2); RESOLVE(fsync); RESOLVE(fdatasync);
  RESOLVE(ftruncate); RESOLVE(ftruncate64); RESOLVE(fallocate); RESOLVE(fallocate64);
  RESOLVE(posix_fallocate); RESOLVE(posix_fallocate64); RESOLVE(open); RESOLVE(open64);
  RESOLVE(openat); RESOLVE(openat64); RESOLVE(creat); RESOLVE(creat64); RESOLVE(__open_2);
  RESOLVE(__open64_2); RESOLVE(__openat_2); RESOLVE(__openat64_2); RESOLVE(access);
  RESOLVE(faccessat); RESOLVE(statvfs); RESOLVE(statvfs64); RESOLVE(fstatvfs); RESOLVE(fstatvfs64);
  RESOLVE(chmod);
#undef RESOLVE
  const char *log = getenv("FLICK_FAULT_LOG");
  if (log != NULL && log[0] != '\0')
    log_fd = (int)syscall(SYS_openat, AT_FDCWD, log, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
  const char *control = getenv("FLICK_FAULT_CONTROL");
  const char *directory = getenv("FLICK_FAULT_DIR");
  if (control == NULL || directory == NULL)
    return;
  size_t control_length = strlen(control);
  if (control_length == 0 || control_length >= PATH_MAX)
    return;
  memcpy(control_path, control, control_length + 1);
  char resolved[PATH_MAX];
  int found = realpath(directory, resolved) != NULL; /* The folder may not exist yet. */
  if (directory[0] == '/')
    folder_length = copy_trimmed(folder, directory);
  if (found)
    folder_real_length = copy_trimmed(folder_real, resolved);
  enabled = folder_length != 0 || folder_real_length != 0; /* A relative path must exist. */
}

__attribute__((constructor)) static void start(void) {
  int saved = errno;
  pthread_once(&once, initialize);
  errno = saved;
}

/* ---- Deciding ----------------------------------------------------------------------------- */

static int under(const char *path, const char *prefix, size_t length) {
  if (length == 0)
    return 0;
  if (length == 1 && prefix[0] == '/')
    return path[0] == '/';
  return strncmp(path, prefix, length) == 0 && (path[length] == '/' || path[length] == '\0');
}

static int in_folder(const char *path) {
  return path != NULL && (under(path, folder, folder_length) || under(path, folder_real, folder_real_length));
}

/* Whether the control file exists: the one check every call makes. */
static int control_present(void) {
  pthread_once(&once, initialize);
  struct stat status;
  return enabled && stat(control_path, &status) == 0;
}

/* The errno the control file names, or 0 while there is no control file. */
static int injected_errno(void) {
  if (!control_present())
    return 0;
  char name[16] = {0};
  long file = syscall(SYS_openat, AT_FDCWD, control_path, O_RDONLY | O_CLOEXEC);
  if (file >= 0) {
    long got = syscall(SYS_read, (int)file, name, sizeof name - 1);
    syscall(SYS_close, (int)file);
    name[got > 0 ? got : 0] = '\0';
  }
  const char *word = name;
  while (*word == ' ' || *word == '\t' || *word == '\n' || *word == '\r')
    word++;
  if (strncmp(word, "EIO", 3) == 0)
    return EIO;
  if (strncmp(word, "EROFS", 5) == 0)
    return EROFS;
  if (strncmp(word, "EACCES", 6) == 0)
    return EACCES;
  if (strncmp(word, "ENOENT", 6) == 0)
    return ENOENT;
  return ENOSPC;
}

static size_t append(char *line, size_t used, size_t size, const char *text) {
  while (*text != '\0' && used + 1 < size)
    line[used++] = *text++;
  line[used] = '\0';
  return used;
}

static const char *errno_name(int fault) {
  switch (fault) {
  case ENOSPC: return "ENOSPC";
  case EIO: return "EIO";
  case EROFS: return "EROFS";
  case EACCES: return "EACCES";
  case ENOENT: return "ENOENT";
  default: return "?";
  }
}

/* Writes "faultfs: CALL PATH: ERRNO" to $FLICK_FAULT_LOG, if set (raw system call, no stdio). */
static void note(const char *call, const char *path, int fault) {
  if (log_fd < 0 || call == NULL)
    return;
  char line[PATH_MAX + 64];
  size_t used = append(line, 0, sizeof line, "faultfs: ");
  used = append(line, used, sizeof line, call);
  used = append(line, used, sizeof line, " ");
  used = append(line, used, sizeof line, path != NULL ? path : "?");
  used = append(line, used, sizeof line, ": ");
  used = append(line, used, sizeof line, errno_name(fault));
  used = append(line, used, sizeof line, "\n");
  syscall(SYS_write, log_fd, line, used);
}

/* "/proc/self/fd/N" without stdio. */
static void fd_link(char *link, int fd) {
  static const char prefix[] = "/proc/self/fd/";
  memcpy(link, prefix, sizeof prefix - 1);
  char digits[16];
  int count = 0;
  unsigned value = (unsigned)fd;
  do {
    digits[count++] = (char)('0' + value % 10);
    value /= 10;
  } while (value != 0 && count < (int)sizeof digits);
  char *cursor = link + sizeof prefix - 1;
  while (count > 0)
    *cursor++ = digits[--count];
  *cursor = '\0';
}

/* The path behind `fd` into `path` (PATH_MAX bytes); 0 if there is none. */
static int fd_path(int fd, char *path) {
  if (fd < 0)
    return 0;
  char link[32];
  fd_link(link, fd);
  ssize_t length = readlink(link, path, PATH_MAX - 1);
  if (length <= 0)
    return 0;
  path[length] = '\0';
  return 1;
}

/* The errno to inject for a call on `fd`, or 0 to let it through. errno is left as it was. */
static int fault_for_fd(const char *call, int fd) {
  int saved = errno;
  int fault = 0;
  if (fd >= 0 && control_present()) {
    char path[PATH_MAX];
    if (fd_path(fd, path) && in_folder(path)) {
      fault = injected_errno(); /* 0 if the file went away meanwhile. */
      if (fault == ENOENT) /* A fault of chmod's alone. */
        fault = 0;
      if (fault != 0)
        note(call, path, fault);
    }
  }
  errno = saved;
  return fault;
}

/* `path` made absolute against `directory` (AT_FDCWD or a folder's descriptor), in `buffer`
 * (PATH_MAX bytes); NULL if that cannot be done. Not normalised: ".." stays. */
static const char *absolute(int directory, const char *path, char *buffer) {
  if (path == NULL)
    return NULL;
  if (path[0] == '/')
    return path;
  if (directory == AT_FDCWD) {
    if (getcwd(buffer, PATH_MAX) == NULL)
      return NULL;
  } else if (!fd_path(directory, buffer)) {
    return NULL;
  }
  size_t base = strlen(buffer), length = strlen(path);
  if (base + 1 + length >= PATH_MAX)
    return NULL;
  buffer[base] = '/';
  memcpy(buffer + base + 1, path, length + 1);
  return buffer;
}

/* EROFS or EACCES for a call that would write `path` (relative to `directory`) in the folder
 * while a read-only fault is injected, else 0; errno is left as it was. */
static int read_only_fault(const char *call, int directory, const char *path, int wants_write) {
  int saved = errno;
  int fault = 0;
  if (wants_write && control_present()) {
    char buffer[PATH_MAX];
    const char *full = absolute(directory, path, buffer);
    if (full != NULL && in_folder(full)) {
      int injected = injected_errno();
      if (injected == EROFS || injected == EACCES) {
        fault = injected;
        note(call, full, fault);
      }
    }
  }
  errno = saved;
  return fault;
}

/* The errno to inject for `open` of `path` with `flags`, or 0: on a read-only disk every open
 * for writing fails. A full or failing disk still opens and creates files (a full ext4 disk
 * does: it has inodes left), and SQLite then reports SQLITE_FULL from the first write, as for
 * real; failing the creation of its journal would turn that into SQLITE_CANTOPEN. */
static int fault_for_open(const char *call, int directory, const char *path, int flags) {
  int writing = (flags & O_ACCMODE) != O_RDONLY || (flags & (O_CREAT | O_TRUNC)) != 0;
  return read_only_fault(call, directory, path, writing);
}

/* The errno to inject for a write permission check of `path`, or 0. */
static int fault_for_access(const char *call, int directory, const char *path, int mode) {
  return read_only_fault(call, directory, path, (mode & W_OK) != 0);
}

/* ---- The calls ---------------------------------------------------------------------------- */

/* glibc declares the path arguments nonnull, so the compiler may drop NULL checks of them;
 * this hides what it knows, and a NULL path goes through to the real call (EFAULT). */
#define LAUNDER(pointer) __asm__("" : "+r"(pointer))

#define READY(name, failed) do { \
    pthread_once(&once, initialize); \
    if (real_##name == NULL) { errno = ENOSYS; return failed; } \
  } while (0)

#define FAIL_FD(fd, failed) do { \
    int fault_ = fault_for_fd(__func__, fd); \
    if (fault_ != 0) { errno = fault_; return failed; } \
  } while (0)

EXPORT ssize_t write(int fd, const void *buffer, size_t count) {
  READY(write, -1);
  FAIL_FD(fd, -1);
  return real_write(fd, buffer, count);
}

EXPORT ssize_t pwrite(int fd, const void *buffer, size_t count, off_t offset) {
  READY(pwrite, -1);
  FAIL_FD(fd, -1);
  return real_pwrite(fd, buffer, count, offset);
}

EXPORT ssize_t pwrite64(int fd, const void *buffer, size_t count, off64_t offset) {
  READY(pwrite64, -1);
  FAIL_FD(fd, -1);
  return real_pwrite64(fd, buffer, count, offset);
}

EXPORT ssize_t writev(int fd, const struct iovec *vectors, int count) {
  READY(writev, -1);
  FAIL_FD(fd, -1);
  return real_writev(fd, vectors, count);
}

EXPORT ssize_t pwritev(int fd, const struct iovec *vectors, int count, off_t offset) {
  READY(pwritev, -1);
  FAIL_FD(fd, -1);
  return real_pwritev(fd, vectors, count, offset);
}

EXPORT ssize_t pwritev64(int fd, const struct iovec *vectors, int count, off64_t offset) {
  READY(pwritev64, -1);
  FAIL_FD(fd, -1);
  return real_pwritev64(fd, vectors, count, offset);
}

EXPORT ssize_t pwritev2(int fd, const struct iovec *vectors, int count, off_t offset, int flags) {
  READY(pwritev2, -1);
  FAIL_FD(fd, -1);
  return real_pwritev2(fd, vectors, count, offset, flags);
}

EXPORT ssize_t pwritev64v2(int fd, const struct iovec *vectors, int count, off64_t offset, int flags) {
  READY(pwritev64v2, -1);
  FAIL_FD(fd, -1);
  return real_pwritev64v2(fd, vectors, count, offset, flags);
}

EXPORT int fsync(int fd) {
  READY(fsync, -1);
  FAIL_FD(fd, -1);
  return real_fsync(fd);
}

EXPORT int fdatasync(int fd) {
  READY(fdatasync, -1);
  FAIL_FD(fd, -1);
  return real_fdatasync(fd);
}

EXPORT int ftruncate(int fd, off_t length) {
  READY(ftruncate, -1);
  FAIL_FD(fd, -1);
  return real_ftruncate(fd, length);
}

EXPORT int ftruncate64(int fd, off64_t length) {
  READY(ftruncate64, -1);
  FAIL_FD(fd, -1);
  return real_ftruncate64(fd, length);
}

EXPORT int fallocate(int fd, int mode, off_t offset, off_t length) {
  READY(fallocate, -1);
  FAIL_FD(fd, -1);
  return real_fallocate(fd, mode, offset, length);
}

EXPORT int fallocate64(int fd, int mode, off64_t offset, off64_t length) {
  READY(fallocate64, -1);
  FAIL_FD(fd, -1);
  return real_fallocate64(fd, mode, offset, length);
}

/* posix_fallocate returns the error number and leaves errno alone. */
EXPORT int posix_fallocate(int fd, off_t offset, off_t length) {
  pthread_once(&once, initialize);
  if (real_posix_fallocate == NULL)
    return ENOSYS;
  int fault = fault_for_fd(__func__, fd);
  return fault != 0 ? fault : real_posix_fallocate(fd, offset, length);
}

EXPORT int posix_fallocate64(int fd, off64_t offset, off64_t length) {
  pthread_once(&once, initialize);
  if (real_posix_fallocate64 == NULL)
    return ENOSYS;
  int fault = fault_for_fd(__func__, fd);
  return fault != 0 ? fault : real_posix_fallocate64(fd, offset, length);
}

/* The mode argument of open: present only when a file may be created. */
#define OPEN_MODE(flags, mode) do { \
    if (((flags) & O_CREAT) != 0 || ((flags) & O_TMPFILE) == O_TMPFILE) { \
      va_list arguments; \
      va_start(arguments, flags); \
      mode = (mode_t)va_arg(arguments, int); \
      va_end(arguments); \
    } \
  } while (0)

#define FAIL_OPEN(directory, path, flags) do { \
    int fault_ = fault_for_open(__func__, directory, path, flags); \
    if (fault_ != 0) { errno = fault_; return -1; } \
  } while (0)

EXPORT int open(const char *path, int flags, ...) {
  mode_t mode = 0;
  OPEN_MODE(flags, mode);
  READY(open, -1);
  LAUNDER(path);
  FAIL_OPEN(AT_FDCWD, path, flags);
  return real_open(path, flags, mode);
}

EXPORT int open64(const char *path, int flags, ...) {
  mode_t mode = 0;
  OPEN_MODE(flags, mode);
  READY(open64, -1);
  LAUNDER(path);
  FAIL_OPEN(AT_FDCWD, path, flags);
  return real_open64(path, flags, mode);
}

EXPORT int openat(int directory, const char *path, int flags, ...) {
  mode_t mode = 0;
  OPEN_MODE(flags, mode);
  READY(openat, -1);
  LAUNDER(path);
  FAIL_OPEN(directory, path, flags);
  return real_openat(directory, path, flags, mode);
}

EXPORT int openat64(int directory, const char *path, int flags, ...) {
  mode_t mode = 0;
  OPEN_MODE(flags, mode);
  READY(openat64, -1);
  LAUNDER(path);
  FAIL_OPEN(directory, path, flags);
  return real_openat64(directory, path, flags, mode);
}

EXPORT int creat(const char *path, mode_t mode) {
  READY(creat, -1);
  LAUNDER(path);
  FAIL_OPEN(AT_FDCWD, path, O_CREAT | O_WRONLY | O_TRUNC);
  return real_creat(path, mode);
}

EXPORT int creat64(const char *path, mode_t mode) {
  READY(creat64, -1);
  LAUNDER(path);
  FAIL_OPEN(AT_FDCWD, path, O_CREAT | O_WRONLY | O_TRUNC);
  return real_creat64(path, mode);
}

/* _FORTIFY_SOURCE's open without a mode (it aborts the program if O_CREAT comes without one). */
EXPORT int __open_2(const char *path, int flags) {
  READY(__open_2, -1);
  LAUNDER(path);
  FAIL_OPEN(AT_FDCWD, path, flags);
  return real___open_2(path, flags);
}

EXPORT int __open64_2(const char *path, int flags) {
  READY(__open64_2, -1);
  LAUNDER(path);
  FAIL_OPEN(AT_FDCWD, path, flags);
  return real___open64_2(path, flags);
}

EXPORT int __openat_2(int directory, const char *path, int flags) {
  READY(__openat_2, -1);
  LAUNDER(path);
  FAIL_OPEN(directory, path, flags);
  return real___openat_2(directory, path, flags);
}

EXPORT int __openat64_2(int directory, const char *path, int flags) {
  READY(__openat64_2, -1);
  LAUNDER(path);
  FAIL_OPEN(directory, path, flags);
  return real___openat64_2(directory, path, flags);
}

EXPORT int access(const char *path, int mode) {
  READY(access, -1);
  LAUNDER(path);
  int fault = fault_for_access(__func__, AT_FDCWD, path, mode);
  if (fault != 0) {
    errno = fault;
    return -1;
  }
  return real_access(path, mode);
}

EXPORT int faccessat(int directory, const char *path, int mode, int flags) {
  READY(faccessat, -1);
  LAUNDER(path);
  int fault = fault_for_access(__func__, directory, path, mode);
  if (fault != 0) {
    errno = fault;
    return -1;
  }
  return real_faccessat(directory, path, mode, flags);
}

/* A full disk has no free blocks. */
static int disk_full_at(const char *path) {
  int saved = errno;
  char buffer[PATH_MAX];
  int full = control_present() && in_folder(absolute(AT_FDCWD, path, buffer)) && injected_errno() == ENOSPC;
  errno = saved;
  return full;
}

static int disk_full_fd(int fd) {
  return fault_for_fd(NULL, fd) == ENOSPC;
}

#define NO_FREE_BLOCKS(result, stats) do { \
    if ((result) == 0) { \
      (stats)->f_bfree = 0; \
      (stats)->f_bavail = 0; \
    } \
  } while (0)

EXPORT int statvfs(const char *path, struct statvfs *stats) {
  READY(statvfs, -1);
  int result = real_statvfs(path, stats);
  LAUNDER(path);
  if (path != NULL && disk_full_at(path))
    NO_FREE_BLOCKS(result, stats);
  return result;
}

EXPORT int statvfs64(const char *path, struct statvfs64 *stats) {
  READY(statvfs64, -1);
  int result = real_statvfs64(path, stats);
  LAUNDER(path);
  if (path != NULL && disk_full_at(path))
    NO_FREE_BLOCKS(result, stats);
  return result;
}

EXPORT int fstatvfs(int fd, struct statvfs *stats) {
  READY(fstatvfs, -1);
  int result = real_fstatvfs(fd, stats);
  if (disk_full_fd(fd))
    NO_FREE_BLOCKS(result, stats);
  return result;
}

EXPORT int fstatvfs64(int fd, struct statvfs64 *stats) {
  READY(fstatvfs64, -1);
  int result = real_fstatvfs64(fd, stats);
  if (disk_full_fd(fd))
    NO_FREE_BLOCKS(result, stats);
  return result;
}

/* ENOENT for chmod of a -wal or -shm file in the folder while the control file says ENOENT. */
static int ends_with(const char *text, const char *end) {
  size_t length = strlen(text), end_length = strlen(end);
  return length >= end_length && strcmp(text + length - end_length, end) == 0;
}

EXPORT int chmod(const char *path, mode_t mode) {
  READY(chmod, -1);
  LAUNDER(path);
  int saved = errno;
  char buffer[PATH_MAX];
  const char *full = control_present() ? absolute(AT_FDCWD, path, buffer) : NULL;
  if (full != NULL && in_folder(full) && (ends_with(full, "-wal") || ends_with(full, "-shm"))
      && injected_errno() == ENOENT) {
    note(__func__, full, ENOENT);
    errno = ENOENT;
    return -1;
  }
  errno = saved;
  return real_chmod(path, mode);
}
