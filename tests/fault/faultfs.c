/* Fault injection for Flick's storage tests, loaded with LD_PRELOAD.
 *
 * While the file named by $FLICK_FAULT_CONTROL exists, writes, syncs and truncations of files
 * under the folder $FLICK_FAULT_DIR fail with the errno the control file names (ENOSPC, EIO,
 * EROFS or EACCES; ENOSPC if it names none). With EROFS or EACCES, asking whether such a file
 * or the folder may be written (access, faccessat with W_OK) gets the same answer, as on a disk
 * mounted read-only. Everything else passes through untouched: the
 * test decides when the disk is "full" by creating and deleting the control file. Built by the
 * tests with `gcc -shared -fPIC -o faultfs.so faultfs.c -ldl`. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <unistd.h>

/* The errno the control file names, or 0 while there is no control file. */
static int injected_errno(void) {
  const char *control = getenv("FLICK_FAULT_CONTROL");
  struct stat status;
  if (control == NULL || stat(control, &status) != 0)
    return 0;
  char name[16] = {0};
  int file = open(control, O_RDONLY | O_CLOEXEC);
  if (file >= 0) {
    ssize_t got = read(file, name, sizeof name - 1);
    close(file);
    if (got > 0)
      name[got] = '\0';
  }
  if (strncmp(name, "EIO", 3) == 0)
    return EIO;
  if (strncmp(name, "EROFS", 5) == 0)
    return EROFS;
  if (strncmp(name, "EACCES", 6) == 0)
    return EACCES;
  return ENOSPC;
}

/* Whether `path` is the folder $FLICK_FAULT_DIR or inside it. */
static int in_folder(const char *path) {
  const char *folder = getenv("FLICK_FAULT_DIR");
  if (folder == NULL || path == NULL)
    return 0;
  size_t prefix = strlen(folder);
  while (prefix > 1 && folder[prefix - 1] == '/')
    prefix--;
  return strncmp(path, folder, prefix) == 0 && (path[prefix] == '/' || path[prefix] == '\0');
}

/* The errno to inject for `fd`, or 0 to let the call through. */
static int fault_for(int fd) {
  int fault = injected_errno();
  if (fault == 0)
    return 0;
  char link[64], path[4096];
  snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
  ssize_t length = readlink(link, path, sizeof path - 1);
  if (length <= 0)
    return 0;
  path[length] = '\0';
  return in_folder(path) ? fault : 0;
}

/* The errno a write permission check of `path` gets on a read-only disk, or 0. */
static int access_fault(const char *path, int mode) {
  if (!(mode & W_OK) || !in_folder(path))
    return 0;
  int fault = injected_errno();
  return fault == EROFS || fault == EACCES ? fault : 0;
}

#define NEXT(name) static __typeof__(name) *real_##name; \
  if (real_##name == NULL) real_##name = (__typeof__(name) *)dlsym(RTLD_NEXT, #name)

#define FAIL_IF_FAULTED(fd, failed) do { \
    int fault = fault_for(fd); \
    if (fault != 0) { errno = fault; return failed; } \
  } while (0)

ssize_t write(int fd, const void *buffer, size_t count) {
  NEXT(write);
  FAIL_IF_FAULTED(fd, -1);
  return real_write(fd, buffer, count);
}

ssize_t pwrite(int fd, const void *buffer, size_t count, off_t offset) {
  NEXT(pwrite);
  FAIL_IF_FAULTED(fd, -1);
  return real_pwrite(fd, buffer, count, offset);
}

ssize_t pwrite64(int fd, const void *buffer, size_t count, off64_t offset) {
  NEXT(pwrite64);
  FAIL_IF_FAULTED(fd, -1);
  return real_pwrite64(fd, buffer, count, offset);
}

ssize_t writev(int fd, const struct iovec *vectors, int count) {
  NEXT(writev);
  FAIL_IF_FAULTED(fd, -1);
  return real_writev(fd, vectors, count);
}

ssize_t pwritev(int fd, const struct iovec *vectors, int count, off_t offset) {
  NEXT(pwritev);
  FAIL_IF_FAULTED(fd, -1);
  return real_pwritev(fd, vectors, count, offset);
}

int fsync(int fd) {
  NEXT(fsync);
  FAIL_IF_FAULTED(fd, -1);
  return real_fsync(fd);
}

int fdatasync(int fd) {
  NEXT(fdatasync);
  FAIL_IF_FAULTED(fd, -1);
  return real_fdatasync(fd);
}

int ftruncate(int fd, off_t length) {
  NEXT(ftruncate);
  FAIL_IF_FAULTED(fd, -1);
  return real_ftruncate(fd, length);
}

int ftruncate64(int fd, off64_t length) {
  NEXT(ftruncate64);
  FAIL_IF_FAULTED(fd, -1);
  return real_ftruncate64(fd, length);
}

int access(const char *path, int mode) {
  NEXT(access);
  int fault = access_fault(path, mode);
  if (fault != 0) {
    errno = fault;
    return -1;
  }
  return real_access(path, mode);
}

int faccessat(int directory, const char *path, int mode, int flags) {
  NEXT(faccessat);
  int fault = path[0] == '/' ? access_fault(path, mode) : 0;
  if (fault != 0) {
    errno = fault;
    return -1;
  }
  return real_faccessat(directory, path, mode, flags);
}
