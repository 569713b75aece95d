import VPlayCore

/// Options for network sources (mpv's names) and the demuxer cache.
extension OptionTable {
    static let network: [OptionSpec] = [
        OptionSpec(["--user-agent"], .value("TEXT"), "User-Agent sent to servers", default: "vplay") { draft, use throws(OptionError) in
            draft.options.player.network.userAgent = try use.text()
        },
        OptionSpec(["--referrer"], .value("URL"), "Referer sent to servers", default: "none") { draft, use throws(OptionError) in
            draft.options.player.network.referrer = try use.text()
        },
        OptionSpec(["--http-header-fields"], .value("FIELDS"), "extra request headers, 'Name: value' separated by commas",
                   default: "none") { draft, use throws(OptionError) in
            let fields = try use.text().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.allSatisfy({ $0.contains(":") && !$0.contains("\r") && !$0.contains("\n") }) else {
                throw .invalidValue(use.name, use.value ?? "", expected: "'Name: value' fields separated by commas")
            }
            draft.options.player.network.headerFields += fields
        },
        OptionSpec(["--network-timeout"], .value("SECS"), "give up on a server silent this long", default: "60") { draft, use throws(OptionError) in
            draft.options.player.network.timeout = try use.number(in: 0.1...86_400)
        },
        OptionSpec(["--tls-verify"], .flag, "check servers' TLS certificates", default: "yes") { draft, use throws(OptionError) in
            draft.options.player.network.verifiesTLS = try use.flag()
        },
        OptionSpec(["--tls-ca-file"], .value("FILE"), "certificate authorities to trust instead of the system's",
                   default: "system") { draft, use throws(OptionError) in
            draft.options.player.network.tlsCAFile = try use.text()
        },
        OptionSpec(["--hls-bitrate"], .value("max|min|BITS"), "the HLS variant to play: highest, lowest, or highest up to BITS/s",
                   default: "max") { draft, use throws(OptionError) in
            let text = try use.text()
            guard let choice = HLSBitrate(text) else { throw .invalidValue(use.name, text, expected: "max, min or bits per second") }
            draft.options.player.network.hlsBitrate = choice
        },
        OptionSpec(["--cache"], .value("auto|yes|no"), "the demuxer cache; auto: on for network sources", default: "auto") { draft, use throws(OptionError) in
            let text = try use.text()
            guard let mode = CacheOptions.Mode(rawValue: text) else {
                throw .invalidValue(use.name, text, expected: "auto, yes or no")
            }
            draft.options.player.cache.mode = mode
        },
        OptionSpec(["--demuxer-max-bytes"], .value("SIZE"), "cache read ahead of the position at most (e.g. 150MiB)",
                   default: "150MiB") { draft, use throws(OptionError) in
            draft.options.player.cache.maxBytes = try use.byteSize()
        },
        OptionSpec(["--demuxer-max-back-bytes"], .value("SIZE"), "cache kept behind the position for seeking back",
                   default: "50MiB") { draft, use throws(OptionError) in
            draft.options.player.cache.maxBackBytes = try use.byteSize()
        },
        OptionSpec(["--cache-secs"], .value("SECS"), "seconds to read ahead when the bytes allow", default: "1000") { draft, use throws(OptionError) in
            draft.options.player.cache.readAheadSeconds = try use.number(in: 0...Double(Int32.max))
        },
        OptionSpec(["--cache-pause"], .flag, "pause while the cache is empty", default: "yes") { draft, use throws(OptionError) in
            draft.options.player.cache.pausesWhenEmpty = try use.flag()
        },
        OptionSpec(["--cache-pause-wait"], .value("SECS"), "seconds buffered before playing on after the cache ran dry",
                   default: "1") { draft, use throws(OptionError) in
            draft.options.player.cache.pauseWait = try use.number(in: 0...3600)
        },
    ]
}
