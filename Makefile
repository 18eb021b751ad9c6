# splitgl: the two commands of the README.
#   make demo    installs dependencies, builds, renders the demo scene (build/demo.png)
#   make check   installs dependencies, builds with -Werror, runs the whole test suite: the
#                main lane (every ctest label, external-suite slices included), then the unit,
#                scene and thread suites again under ASan+UBSan and under ThreadSanitizer, then
#                the libFuzzer targets for a bounded time each
BUILD ?= build
JOBS ?= $(shell nproc)
CMAKE_FLAGS ?=
# The sanitizer lanes run these ctest labels (the external suites stay in the main lane).
SANITIZER_LABELS = unit|scene|threads

.PHONY: all deps build demo check check-main sanitize tsan fuzz clean

all: build

deps:
	@tools/install-deps.sh

$(BUILD)/CMakeCache.txt:
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSPLITGL_WERROR=ON $(CMAKE_FLAGS)

build: deps $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j $(JOBS)

demo: build
	$(BUILD)/demo/splitgl-demo --frames 300 --out $(BUILD)/demo.png

check: check-main sanitize tsan fuzz

check-main: build
	cd $(BUILD) && ctest -j $(JOBS) --output-on-failure --timeout 300

# ASan + UBSan build of the unit, scene and thread suites in build-asan/. use_tls=0: LeakSanitizer
# (GCC 12's, glibc 2.36) crashed at exit ("Tracer caught signal 11") reading the dynamic TLS
# block of libEGL_splitgl, which libglvnd dlopens, in every program that compiles a shader
# (2026-12-01); without TLS as a root set LSan can only report more, never fewer, leaks.
sanitize: deps
	cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DSPLITGL_SANITIZE=ON -DSPLITGL_WERROR=ON
	cmake --build build-asan -j $(JOBS)
	cd build-asan && LSAN_OPTIONS=suppressions=$(CURDIR)/tools/lsan.supp:use_tls=0 \
	  ctest -j $(JOBS) --output-on-failure --timeout 600 -L '$(SANITIZER_LABELS)'

# ThreadSanitizer build of the same suites in build-tsan/ (a report fails the test: exit 66).
tsan: deps
	cmake -S . -B build-tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSPLITGL_TSAN=ON -DSPLITGL_WERROR=ON
	cmake --build build-tsan -j $(JOBS)
	cd build-tsan && TSAN_OPTIONS="suppressions=$(CURDIR)/tools/tsan.supp halt_on_error=0" \
	  ctest -j $(JOBS) --output-on-failure --timeout 600 -L '$(SANITIZER_LABELS)'

# libFuzzer targets of tests/fuzz (clang, ASan + UBSan) in build-fuzz/: the record decoder and
# applier on the null backend and on Magma, the program-blob parser, each run FUZZ_SECONDS from
# the seeds in tests/fuzz/corpus (a longer run: make fuzz FUZZ_SECONDS=3600).
FUZZ_SECONDS ?= 60
fuzz: deps
	CC=clang CXX=clang++ cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSPLITGL_FUZZ=ON \
	  -DSPLITGL_WERROR=ON -DSPLITGL_FUZZ_SECONDS=$(FUZZ_SECONDS)
	cmake --build build-fuzz -j $(JOBS)
	cd build-fuzz && ctest -j $(JOBS) --output-on-failure -L fuzz

clean:
	rm -rf $(BUILD) build-asan build-tsan build-fuzz
