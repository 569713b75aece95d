# vplay — build, test and run targets. `make run` and `make test` work on a fresh Debian 12.
SHELL := /bin/bash
# A failing step in a pipeline (`… | tee log`) fails the recipe.
.SHELLFLAGS := -o pipefail -c
PREFIX ?= /usr/local
SWIFT ?= swift
DEMO := Assets/demo.mp4

APT_PACKAGES := libavcodec-dev libavformat-dev libavutil-dev libswscale-dev libswresample-dev \
	libavfilter-dev libsdl2-dev libsdl2-ttf-dev libpulse-dev libass-dev fonts-dejavu-core pkg-config \
	ffmpeg mpv xvfb xauth x11-utils xdotool imagemagick pulseaudio pulseaudio-utils python3 python3-venv \
	python3-xlib patchelf binutils libsystemd-dev dbus dbus-bin playerctl python3-dbusmock x11-xserver-utils nginx-light xclip

.PHONY: setup build release run test test-fast test-slow tsan clean install uninstall install-check

# Installs every Debian package the build, the tests and the demo need. Idempotent.
setup: .setup-done
.setup-done: Makefile
	@missing=$$(for p in $(APT_PACKAGES); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "installing:" $$missing; \
		export DEBIAN_FRONTEND=noninteractive; \
		$$( [ $$(id -u) -eq 0 ] || echo sudo ) apt-get update -qq && \
		$$( [ $$(id -u) -eq 0 ] || echo sudo ) apt-get install -y -qq --no-install-recommends $$missing; \
	fi
	@command -v $(SWIFT) >/dev/null || { echo "Swift 6 toolchain not found (expected on PATH)"; exit 1; }
	@# libass asks fontconfig for fonts; a cache built now spares the first subtitles seconds.
	@command -v fc-cache >/dev/null && fc-cache >/dev/null 2>&1 || true
	@touch $@

# The mpv IPC client library that Tests/EndToEndTests drive vplay with, in a venv of its
# own (Debian's python3 refuses `pip install` into the system, PEP 668). Tests look for
# .build/python/bin/python3. The stamp names the version, so changing it reinstalls.
PYTHON_CLIENT_VERSION := 1.5.0
PYTHON_VENV := .build/python
setup: $(PYTHON_VENV)/.installed-python-mpv-jsonipc-$(PYTHON_CLIENT_VERSION)
$(PYTHON_VENV)/.installed-python-mpv-jsonipc-$(PYTHON_CLIENT_VERSION): .setup-done
	python3 -m venv $(PYTHON_VENV)
	$(PYTHON_VENV)/bin/python3 -m pip install --quiet --disable-pip-version-check --no-input \
		'python-mpv-jsonipc==$(PYTHON_CLIENT_VERSION)'
	@touch '$@'

# yt-dlp, pinned, from PyPI into the same venv: Debian 12's package is from 2023 and sites
# change faster than that. The web page tests run .build/python/bin/yt-dlp (--ytdl-path);
# vplay itself looks for yt-dlp on PATH unless --ytdl-path names one.
YTDLP_VERSION := 2026.10.26
setup: $(PYTHON_VENV)/.installed-yt-dlp-$(YTDLP_VERSION)
$(PYTHON_VENV)/.installed-yt-dlp-$(YTDLP_VERSION): $(PYTHON_VENV)/.installed-python-mpv-jsonipc-$(PYTHON_CLIENT_VERSION)
	$(PYTHON_VENV)/bin/python3 -m pip install --quiet --disable-pip-version-check --no-input \
		'yt-dlp==$(YTDLP_VERSION)'
	@touch '$@'

build: setup
	$(SWIFT) build

# The release binary, $(RELEASE): the Swift runtime inside (nothing to resolve in the
# toolchain's libraries at start), and its libraries named in the order that makes the
# loader's symbol search short (scripts/order-libraries.py). SwiftPM's own output stays as
# linked, so that it does not relink.
RELEASE := .build/bin/vplay
release: setup
	$(SWIFT) build -c release --static-swift-stdlib
	@[ $(RELEASE) -nt .build/release/vplay ] || python3 scripts/order-libraries.py .build/release/vplay $(RELEASE)

$(DEMO):
	bash scripts/make-demo-clip.sh $(DEMO)

# Sets up if needed, builds release and plays the bundled demo clip.
run: release $(DEMO)
	$(RELEASE) $(DEMO)

# Builds and runs the whole suite inside a private Xvfb + PulseAudio null sink.
# The suite is XCTest only; the closing line sums up every part.
test: setup
	$(SWIFT) build --build-tests
	bash scripts/test-env.sh $(SWIFT) test --skip-build --disable-swift-testing 2>&1 | tee .build/test.log
	$(MAKE) --no-print-directory fuzz-short 2>&1 | tee .build/fuzz.log
	$(MAKE) --no-print-directory install-check 2>&1 | tee .build/install.log
	@bash scripts/summarize-tests.sh .build/test.log .build/fuzz.log .build/install.log

# The suite in two halves, for while working (`make test` runs both): the unit tests (the core,
# the view and the control layers without the player binary; a few minutes), and the end-to-end
# tests (the real binary in a window, with sound, network servers and D-Bus; most of the time).
test-fast: setup
	$(SWIFT) build --build-tests
	bash scripts/test-env.sh $(SWIFT) test --skip-build --disable-swift-testing --filter '^(VPlayCoreTests|VPlayViewTests|VPlayControlTests)\.'

test-slow: setup
	$(SWIFT) build --build-tests
	bash scripts/test-env.sh $(SWIFT) test --skip-build --disable-swift-testing --filter '^EndToEndTests\.'

# The whole suite under ThreadSanitizer (scripts/sanitize-tests.sh): fails on any race reported
# by the test runner or by a vplay it starts; ends with one `tsan: N tests passed, …` line.
# TSan makes every exiting process sleep 1 s by default (to catch races at exit); 100 ms keeps
# that and the end-to-end tests' limits on how long quitting takes.
TSAN_OPTIONS ?= atexit_sleep_ms=100
tsan: setup
	SWIFT='$(SWIFT)' TSAN_OPTIONS='$(TSAN_OPTIONS)' bash scripts/sanitize-tests.sh thread

# Installs the release binary (self-contained: static Swift runtime), desktop entry, icon and
# manual (made from the binary's --help, --list-keys and --list-properties).
install: release
	install -Dm755 $(RELEASE) $(DESTDIR)$(PREFIX)/bin/vplay
	install -Dm644 packaging/vplay.desktop $(DESTDIR)$(PREFIX)/share/applications/vplay.desktop
	install -Dm644 packaging/vplay.svg $(DESTDIR)$(PREFIX)/share/icons/hicolor/scalable/apps/vplay.svg
	@# The manual is written whole before it is installed, so a failed run leaves none behind.
	sh scripts/make-manpage.sh $(RELEASE) > .build/vplay.1
	install -Dm644 .build/vplay.1 $(DESTDIR)$(PREFIX)/share/man/man1/vplay.1

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/vplay $(DESTDIR)$(PREFIX)/share/applications/vplay.desktop \
		$(DESTDIR)$(PREFIX)/share/icons/hicolor/scalable/apps/vplay.svg $(DESTDIR)$(PREFIX)/share/man/man1/vplay.1

# Installs into a temporary prefix, runs the installed binary without the toolchain's
# runtime on its path, checks the files, uninstalls and checks they are gone.
install-check:
	bash scripts/install-check.sh

clean:
	rm -rf .build .build-tsan .build-asan .setup-done

.PHONY: fuzz fuzz-short soak asan

# Mutation fuzzing (scripts/fuzz/): N mutated copies of tiny ffmpeg-made clips through
# `vplay --bench`, 2 at a time, in the test environment; fails on any crash or hang and keeps
# those files. SEED=S replays a run (default: a new seed, printed); VPLAY=PATH picks the binary.
N ?= 1000
fuzz: setup
	$(SWIFT) build --product vplay
	bash scripts/test-env.sh python3 scripts/fuzz/fuzz.py --count $(N) $(if $(SEED),--seed $(SEED)) $(if $(VPLAY),--vplay $(VPLAY))

# A fixed 60-file fuzz run (well under 90 s), part of `make test`.
fuzz-short: setup
	$(SWIFT) build --product vplay
	bash scripts/test-env.sh python3 scripts/fuzz/fuzz.py --count 60 --seed 1 --timeout 40 $(if $(VPLAY),--vplay $(VPLAY))

# IPC soak (scripts/soak/): COMMANDS random commands against a SECONDS-long clip, then checks
# replies never stalled, RSS growth < 10 MB and playback (time-pos, frame on screen) is sane.
SECONDS ?= 60
COMMANDS ?= 2000
soak: setup
	$(SWIFT) build --product vplay
	bash scripts/test-env.sh python3 scripts/soak/soak.py --seconds $(SECONDS) --commands $(COMMANDS) $(if $(VPLAY),--vplay $(VPLAY))

# The whole suite under AddressSanitizer (scripts/sanitize-tests.sh): fails on any memory error
# in the test runner or in a vplay it starts; ends with one `asan: N tests passed, …` line.
# Leak checking is off by default: LeakSanitizer flags allocations libdbus, libpulse and Mesa
# never free, which makes every vplay run exit 1. Swift's crash backtracer is off too: under
# ASan it trips over its own stack reads (a false stack-buffer-underflow) and leaves
# `swift test` waiting on a zombie.
ASAN_OPTIONS ?= detect_leaks=0
asan: setup
	SWIFT='$(SWIFT)' ASAN_OPTIONS='$(ASAN_OPTIONS)' SWIFT_BACKTRACE=enable=no bash scripts/sanitize-tests.sh address

.PHONY: bench bench-previews bench-kernels

# vplay against ffplay and mpv (scripts/bench/bench.py) in the test environment: playback and
# paused CPU, peak RSS, untimed fps, time to first frame, IPC seek latency, A/V offset seen
# from outside, audio-track switch latency, exact-seek landing error while playing. Writes the
# table into BENCHMARKS.md (~30 min). RUNS=N runs of each (default 3); QUICK=1: one run on
# 10 s clips, results in .build/bench/results-quick.md instead; ONLY=track-switch,seek-landing
# (any of bench.py's sections): those alone, results in .build/bench/results-only.md.
RUNS ?= 3
bench: release
	bash scripts/test-env.sh python3 scripts/bench/bench.py --runs $(RUNS) $(if $(QUICK),--quick) $(if $(ONLY),--only $(ONLY))

# Our shrink kernels against swscale's area filter, and the one-pass picture step against
# shrinking then converting with swscale, per frame (scripts/bench/kernels.c), with
# the compiler and flags a release build gives them.
bench-kernels: setup
	mkdir -p .build/bench
	clang -O2 -ISources/CPictureKernels/include -ISources/CPictureKernels -o .build/bench/kernels scripts/bench/kernels.c \
		Sources/CPictureKernels/shrink.c Sources/CPictureKernels/draw_420.c $$(pkg-config --cflags --libs libswscale libavutil)
	.build/bench/kernels

# Frame drops with seek-bar previews on and off (scripts/bench/preview_drops.py): 20 s of a 1080p
# clip at 1280x720 per setting while xdotool sweeps the pointer along the slider; RUNS=N runs
# (default 3, ~1 min each). Prints medians and min-max of drops, frames shown, CPU s and peak RSS.
bench-previews: release
	bash scripts/test-env.sh python3 scripts/bench/preview_drops.py --runs $(RUNS) --vplay $(RELEASE)
