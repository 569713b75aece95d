# vplay — build, test and run targets. `make run` and `make test` work on a fresh Debian 12.
SHELL := /bin/bash
PREFIX ?= /usr/local
SWIFT ?= swift
DEMO := Assets/demo.mp4

APT_PACKAGES := libavcodec-dev libavformat-dev libavutil-dev libswscale-dev libswresample-dev \
	libavfilter-dev libsdl2-dev libsdl2-ttf-dev fonts-dejavu-core pkg-config \
	ffmpeg xvfb xauth x11-utils xdotool imagemagick pulseaudio pulseaudio-utils python3

.PHONY: setup build release run test test-unit tsan clean

# Installs every Debian package the build, the tests and the demo need. Idempotent.
setup: .setup-done
.setup-done:
	@missing=$$(for p in $(APT_PACKAGES); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "installing:" $$missing; \
		export DEBIAN_FRONTEND=noninteractive; \
		$$( [ $$(id -u) -eq 0 ] || echo sudo ) apt-get update -qq && \
		$$( [ $$(id -u) -eq 0 ] || echo sudo ) apt-get install -y -qq --no-install-recommends $$missing; \
	fi
	@command -v $(SWIFT) >/dev/null || { echo "Swift 6 toolchain not found (expected on PATH)"; exit 1; }
	@touch $@

build: setup
	$(SWIFT) build

release: setup
	$(SWIFT) build -c release

$(DEMO):
	bash scripts/make-demo-clip.sh $(DEMO)

# Sets up if needed, builds release and plays the bundled demo clip.
run: release $(DEMO)
	.build/release/vplay $(DEMO)

# Builds and runs the whole suite inside a private Xvfb + PulseAudio null sink.
test: setup
	$(SWIFT) build --build-tests
	bash scripts/test-env.sh $(SWIFT) test --skip-build

# The whole suite under ThreadSanitizer.
tsan: setup
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan
	bash scripts/test-env.sh $(SWIFT) test --skip-build --sanitize=thread --scratch-path .build-tsan

clean:
	rm -rf .build .build-tsan .setup-done
