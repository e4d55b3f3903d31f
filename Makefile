# SPDX-License-Identifier: GPL-2.0
#
# retrace lab: the only entry point.  Builds the kernel assembled from the
# pristine Debian 6.12 base, our overlay and patches/, boots it under QEMU
# and tests it; builds the upstream reference kernel from the same base and
# config for side-by-side comparisons.  See README.md.
#
#   make deps            install Debian packages, extract the base tree
#   make run             boot our kernel, interactive shell in the guest
#   make demo            boot, trace sched_switch + a syscall, perf, power off
#   make check [T=...]   build, boot, run every suite, print the verdict
#   make check DEBUG=1   the same on a lockdep/KASAN/DEBUG_LIST build
#   make check-i386      the KUnit suites of the 32-bit kernel (part of a
#                        full make check)
#   make check-persist   a persistent trace instance across warm reboots
#                        (part of a full make check); check-persist-upstream
#                        runs it on the upstream-pending kernel; KASLR=1
#                        on kernels that move at every boot
#   make check-upstream  the same suites on the reference kernel
#   make upstream-pending  the reference kernel with our pending set off
#   make check-upstream-pending  the suites on that kernel
#   make linkcheck       the symbols kernel/trace provides, against the list
#   make layercheck      no component of kernel/trace references a higher layer
#   make bench           benchmarks on both kernels (QEMU -icount), ratios
#   make profile         instructions per hot-path call, function by function,
#                        on both kernels (gdb stepping the guest)
#   make stress [S=120]  the ring buffer stress selftest for S seconds
#   make refresh-patches rewrite patches/ hunks to apply exactly, in order
#   make series [O=DIR]  the work as a git format-patch series, then the git am check
#   make series-am [O=DIR]  only the git am check of an existing series
#   make series-check    the series, then a build and checkpatch of every patch
#   make clean           remove build/ outputs (keeps the base tree, ccache)

BUILD   := build
BASE    := $(BUILD)/base
TREE    := $(BUILD)/tree
H       := tools/testing/retrace
FRAGS   := $(H)/configs/reference.config $(H)/configs/lab.config
# The pending set (capabilities off in our kernel until their issue lands):
# our kernel and the second reference kernel get it, the full one does not.
PENDING := $(H)/configs/pending.config

ifeq ($(DEBUG),1)
FRAGS   += $(H)/configs/debug.config
SUFFIX  := -debug
endif
OURS    := $(BUILD)/out/retrace$(SUFFIX)
# The 32-bit counterpart (ARCH=i386), for its KUnit suites.
OURS_I386 := $(BUILD)/out/retrace-i386
UPSTREAM:= $(BUILD)/out/upstream$(SUFFIX)
# The reference for the identity checks and the benchmarks (lab.rst).
UPSTREAM_P := $(BUILD)/out/upstream-pending$(SUFFIX)
# make series (series.rst): the output and the scratch repositories.
# O= names the series' directory only: it is kept from every make run
# below this one (deps.sh and series.py run make -C on the base tree, whose
# Makefile would take O= for its output directory and create it there).
SERIES  := $(or $(O),$(BUILD)/series)
MAKEOVERRIDES := $(filter-out O=%,$(MAKEOVERRIDES))
unexport O
SERIES_WORK := $(BUILD)/series-work
# make bench also builds both kernels with tracing off (image size baseline).
NOTRACE := $(FRAGS) $(PENDING) $(H)/configs/notrace.config

.PHONY: all help deps assemble refresh-patches build upstream upstream-pending check-upstream-pending linkcheck layercheck series series-am series-check run demo check check-i386 check-persist check-persist-upstream build-kaslr upstream-pending-kaslr build-i386 check-upstream bench profile stress clean

all: build

help:
	@sed -n '/^#   make/s/^#   //p' Makefile

deps:
	@BASE=$(BASE) $(H)/deps.sh

assemble: deps
	@$(H)/assemble.py . $(BASE) $(TREE)

refresh-patches: deps
	@$(H)/assemble.py --refresh . $(BASE) $(TREE)

build: assemble
	@$(H)/kbuild.sh $(TREE) $(OURS) -retrace $(FRAGS) $(PENDING)

upstream: deps
	@$(H)/kbuild.sh $(BASE) $(UPSTREAM) -upstream $(FRAGS)

upstream-pending: deps
	@$(H)/kbuild.sh $(BASE) $(UPSTREAM_P) -upstream-pending $(FRAGS) $(PENDING)

run: build
	@$(H)/vm.sh $(OURS) $(BUILD)/results/run shell 0

demo: build
	@$(H)/demo.sh $(OURS) $(BUILD)/results/demo

# A full make check (no T=, no DEBUG=1) also builds the 32-bit kernel and
# runs its KUnit suites (check-i386.sh), and runs the persistent-buffer
# test (check-persist.sh); make check-i386 and make check-persist run only
# those.
I386_IN_CHECK := $(if $(strip $(T))$(filter 1,$(DEBUG)),,1)

check: build $(if $(I386_IN_CHECK),build-i386)
	@rc=0; $(H)/check.sh retrace$(SUFFIX) $(OURS) $(TREE) "$(T)" || rc=1; \
	$(if $(I386_IN_CHECK),$(H)/check-persist.sh retrace $(OURS) || rc=1;) \
	$(if $(I386_IN_CHECK),$(H)/check-i386.sh $(OURS_I386) || rc=1;) \
	if [ $$rc -ne 0 ]; then echo "check: FAILED:"; \
		sed 's/^/  /' $(BUILD)/results/retrace$(SUFFIX)/failures.txt 2>/dev/null; \
		echo "  (disk: $$(df -h --output=avail $(BUILD) | tail -n 1 | tr -d ' ') free for build/)"; fi; \
	exit $$rc

# KASLR=1: the same test on kernels built to move at every boot
# (configs/kaslr.config, build/out/*-kaslr).
KSFX := $(if $(filter 1,$(KASLR)),-kaslr)

check-persist: build$(KSFX)
	@$(H)/check-persist.sh retrace$(SUFFIX)$(KSFX) $(OURS)$(KSFX)

check-persist-upstream: upstream-pending$(KSFX)
	@$(H)/check-persist.sh upstream-pending$(SUFFIX)$(KSFX) $(UPSTREAM_P)$(KSFX)

build-kaslr: assemble
	@$(H)/kbuild.sh $(TREE) $(OURS)-kaslr -retrace-kaslr $(FRAGS) $(PENDING) $(H)/configs/kaslr.config

upstream-pending-kaslr: deps
	@$(H)/kbuild.sh $(BASE) $(UPSTREAM_P)-kaslr -upstream-pending-kaslr $(FRAGS) $(PENDING) $(H)/configs/kaslr.config

build-i386: assemble
	@KBUILD_ARCH=i386 $(H)/kbuild.sh $(TREE) $(OURS_I386) -retrace $(FRAGS) $(PENDING) $(H)/configs/i386.config

check-i386: build-i386
	@$(H)/check-i386.sh $(OURS_I386)

check-upstream: upstream
	@$(H)/check.sh upstream$(SUFFIX) $(UPSTREAM) $(BASE) "$(T)"

check-upstream-pending: upstream-pending
	@$(H)/check.sh upstream-pending$(SUFFIX) $(UPSTREAM_P) $(BASE) "$(T)"

linkcheck: build
	@$(H)/linkcheck.sh $(OURS) $(H)/expected/link-surface.txt

layercheck: build
	@$(H)/layercheck.py $(OURS) Documentation/trace/retrace/layers.rst

# Against the reference with the same pending set (lab.rst).
bench: build upstream-pending
	@$(H)/kbuild.sh $(TREE) $(OURS)-notrace -retrace-notrace $(NOTRACE)
	@$(H)/kbuild.sh $(BASE) $(UPSTREAM_P)-notrace -upstream-pending-notrace $(NOTRACE)
	@BENCH_NOTRACE_OURS=$(OURS)-notrace BENCH_NOTRACE_UPSTREAM=$(UPSTREAM_P)-notrace \
		$(H)/bench/run.sh $(OURS) $(UPSTREAM_P) $(BUILD)/results/bench

# Instructions per hot-path call, function by function, both kernels
# (gdb single-stepping the guest; profile/pathstep.sh).
profile: build upstream-pending
	@$(H)/profile/pathstep.sh $(OURS) $(UPSTREAM_P) $(BUILD)/results/profile

series: deps
	@$(H)/series.py all . $(BASE) $(SERIES) $(SERIES_WORK)

series-am: deps
	@$(H)/series.py check . $(BASE) $(SERIES) $(SERIES_WORK)

# Long (a kernel build per patch): not part of make check.
series-check: deps
	@$(H)/series.py steps . $(BASE) $(SERIES) $(SERIES_WORK) $(FRAGS) $(PENDING)

stress: build
	@RETRACE_EXTRA_CMDLINE="rb_stress_seconds=$(or $(S),120)" \
		$(H)/check.sh retrace$(SUFFIX) $(OURS) $(TREE) "selftests:ring_buffer_stress.sh"

clean:
	rm -rf $(TREE) $(BUILD)/out $(BUILD)/results $(BUILD)/series $(SERIES_WORK)
