# splitgl: the two commands of the README.
#   make demo    installs dependencies, builds, renders the demo scene (build/demo.png)
#   make check   installs dependencies, builds with -Werror, runs the whole test suite
BUILD ?= build
JOBS ?= $(shell nproc)
CMAKE_FLAGS ?=

.PHONY: all deps build demo check sanitize clean

all: build

deps:
	@tools/install-deps.sh

$(BUILD)/CMakeCache.txt:
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSPLITGL_WERROR=ON $(CMAKE_FLAGS)

build: deps $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j $(JOBS)

demo: build
	$(BUILD)/demo/splitgl-demo --frames 300 --out $(BUILD)/demo.png

check: build
	cd $(BUILD) && ctest -j $(JOBS) --output-on-failure --timeout 300

# ASan + UBSan build of the tests in build-asan/.
sanitize: deps
	cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DSPLITGL_SANITIZE=ON -DSPLITGL_WERROR=ON
	cmake --build build-asan -j $(JOBS)
	cd build-asan && LSAN_OPTIONS=suppressions=$(CURDIR)/tools/lsan.supp \
	  ctest -j $(JOBS) --output-on-failure --timeout 600 -L unit

clean:
	rm -rf $(BUILD) build-asan
