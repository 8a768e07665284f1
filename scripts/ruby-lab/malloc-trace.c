/*
 * A malloc/free logger for a Ruby process (glibc): every malloc, calloc, realloc, posix_memalign,
 * aligned_alloc and free, with the pointer, the size (malloc_usable_size for frees) and the
 * program break after it, kept in memory and written at exit to the file $MLOG as lines
 * "OP HEXPTR SIZE HEXBRK" (m malloc, c calloc, r/F realloc's new and old block, a aligned, f free,
 * G a marker). A write to stderr that starts with "GCMARK<n>" is recorded as marker n instead of
 * written, so a loop can mark its GCs:
 *
 *   gcc -O2 -shared -fPIC -o malloc-trace.so scripts/ruby-lab/malloc-trace.c
 *   MLOG=trace.txt LD_PRELOAD=./malloc-trace.so ruby --disable-gems loop.rb
 *
 * where loop.rb does `$stderr.syswrite("GCMARK#{GC.count}")` when GC.count changes. docs/FIT.md
 * ("Page faults of malloc'd buffers") reads such traces of `s = "a" * 10000` loops: the order in
 * which CRuby's sweeps free buffers, and brk's growth and trims between GCs.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

extern void *__libc_malloc(size_t);
extern void __libc_free(void *);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_memalign(size_t, size_t);

typedef struct { char op; unsigned long ptr, size, brk; } event;
#define MAX_EVENTS 20000000
static event *events;
static long count;
static int recording = 1;

static void record(char op, void *p, size_t size) {
    if (!events) {
        events = mmap(0, sizeof(event) * MAX_EVENTS, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    }
    if (events != MAP_FAILED && count < MAX_EVENTS) {
        events[count++] = (event){op, (unsigned long)p, size, (unsigned long)syscall(SYS_brk, 0)};
    }
}

void *malloc(size_t n) { void *p = __libc_malloc(n); if (recording) record('m', p, n); return p; }
void free(void *p) { if (p && recording) record('f', p, malloc_usable_size(p)); __libc_free(p); }
void *calloc(size_t a, size_t b) { void *p = __libc_calloc(a, b); if (recording) record('c', p, a * b); return p; }
void *realloc(void *q, size_t n) {
    size_t old = q ? malloc_usable_size(q) : 0;
    void *p = __libc_realloc(q, n);
    if (recording) { record('F', q, old); record('r', p, n); }
    return p;
}
int posix_memalign(void **r, size_t a, size_t n) {
    void *p = __libc_memalign(a, n);
    if (!p) return ENOMEM;
    *r = p;
    if (recording) record('a', p, n);
    return 0;
}
void *aligned_alloc(size_t a, size_t n) { void *p = __libc_memalign(a, n); if (recording) record('a', p, n); return p; }

ssize_t write(int fd, const void *b, size_t n) {
    if (fd == 2 && n >= 6 && memcmp(b, "GCMARK", 6) == 0) {
        record('G', 0, strtoul((const char *)b + 6, NULL, 10));
        return n;
    }
    return syscall(SYS_write, fd, b, n);
}

__attribute__((destructor)) static void dump(void) {
    recording = 0;
    const char *file = getenv("MLOG");
    if (!file || !events || events == MAP_FAILED) return;
    FILE *out = fopen(file, "w");
    if (!out) return;
    for (long i = 0; i < count; i++) {
        fprintf(out, "%c %lx %lu %lx\n", events[i].op, events[i].ptr, events[i].size, events[i].brk);
    }
    fclose(out);
}
