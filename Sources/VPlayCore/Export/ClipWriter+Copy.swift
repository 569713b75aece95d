import CFFmpeg
import Foundation

/// The second reading: the clip written as its plan says.
extension ClipWriter {
    /// What becomes of the input's packets: where each goes and from when to when.
    private struct Route {
        let output: Int32
        let inputBase: AVRational
        let outputBase: AVRational
        let start: Int64
        let end: Int64
        let isAudio: Bool
    }

    /// The stretch being re-encoded: its decoder is the writer's, its encoder its own.
    private struct Stretch {
        let keep: Swift.Range<Int64>
        let delay: Int64
        var encoder: ClipEncoder?
    }

    /// Writes `kept` streams from the position the input was sought to. `packets` are the
    /// video's, as the plan was made from them; `base` is the plan's time base.
    func copy(_ kept: [Int], plan: ClipPlan, base: AVRational, packets: [ClipPlan.Packet], to url: URL,
              progress: (Double) -> Void) throws(ClipError) {
        let output = try ClipOutput(url: url, streams: kept.map(input.stream))
        var routes: [Int: Route] = [:]
        for (number, index) in kept.enumerated() {
            let stream = input.stream(index)
            let inputBase = stream.pointee.time_base
            routes[index] = Route(output: Int32(number), inputBase: inputBase,
                                  outputBase: output.context.pointee.streams[number]!.pointee.time_base,
                                  start: av_rescale_q(plan.start, base, inputBase), end: av_rescale_q(plan.end, base, inputBase),
                                  isAudio: stream.pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_AUDIO)
        }
        let video = input.videoStream.flatMap { kept.contains($0) ? $0 : nil }
        var segmentOf = [ClipPlan.Segment?](repeating: nil, count: packets.count)
        for segment in plan.segments {
            switch segment {
            case .copy(let indices): for index in indices { segmentOf[index] = segment }
            case .reencode(let decode, _, _): for index in decode { segmentOf[index] = segment }
            }
        }
        var decoder: CodecContext?
        var stretch: Stretch?
        let audio = Set(routes.filter { $0.value.isAudio }.map(\.key))
        var audioDone: Set<Int> = []
        var videoIndex = -1
        // After a re-encoded stretch, the copied packets need the file's parameter sets again.
        var restoreParameters = false
        var reported = 0.0
        // Packets come in decoding order: the share reported only grows, from 0 to 1.
        func report(_ done: Int64, of route: Route) {
            let share = min(1, max(0, Double(done - route.start) / Double(max(1, route.end - route.start))))
            if share > reported {
                reported = share
                progress(share)
            }
        }

        while try read() {
            let p = packet.pointer
            let index = Int(p.pointee.stream_index)
            guard let route = routes[index] else { continue }
            if index == video {
                let isKey = p.pointee.flags & AV_PKT_FLAG_KEY != 0
                if videoIndex < 0 && !isKey { continue }
                videoIndex += 1
                guard videoIndex < packets.count else {
                    if audio.isSubset(of: audioDone) { break }
                    continue
                }
                guard p.pointee.pts == packets[videoIndex].pts else {
                    throw ClipError("the file read differently the second time")
                }
                report(p.pointee.pts, of: route)
                switch segmentOf[videoIndex] {
                case .copy?:
                    if restoreParameters {
                        try restoreParameterSets(p, stream: index)
                        restoreParameters = false
                    }
                    try write(p, route: route, to: output)
                case .reencode(let decode, let keep, let delay)?:
                    if decoder == nil { decoder = try openDecoder(index) }
                    if videoIndex == decode.lowerBound { stretch = Stretch(keep: keep, delay: delay) }
                    try decodeAndEncode(p, decoder: decoder!, stretch: &stretch, stream: index, route: route, output: output)
                    if videoIndex == decode.upperBound - 1 {
                        try decodeAndEncode(nil, decoder: decoder!, stretch: &stretch, stream: index, route: route, output: output)
                        avcodec_flush_buffers(decoder!.pointer)
                        try stretch?.encoder?.encode(nil, packet: scratch.pointer) { (encoded) throws(ClipError) in
                            try writeEncoded(encoded, stretch: stretch!, stream: index, route: route, to: output)
                        }
                        stretch = nil
                        restoreParameters = true
                    }
                case nil:
                    break
                }
            } else {
                let pts = p.pointee.pts
                guard pts != vp_nopts_value() else { continue }
                if pts >= route.end {
                    if route.isAudio { audioDone.insert(index) }
                    if (video == nil || videoIndex >= packets.count - 1) && audio.isSubset(of: audioDone) { break }
                    continue
                }
                guard pts >= route.start else { continue }
                if video == nil { report(pts, of: route) }
                try write(p, route: route, to: output)
            }
        }
        try output.finish()
        if reported < 1 { progress(1) }
    }

    private func openDecoder(_ index: Int) throws(ClipError) -> CodecContext {
        do {
            return try CodecContext(stream: input.stream(index), path: input.path, threads: 1)
        } catch {
            throw ClipError(error.reason)
        }
    }

    /// Feeds `p` (nil: the end) to the decoder and the pictures `stretch` keeps to its encoder.
    private func decodeAndEncode(_ p: UnsafeMutablePointer<AVPacket>?, decoder: CodecContext, stretch: inout Stretch?,
                                 stream: Int, route: Route, output: ClipOutput) throws(ClipError) {
        var status = avcodec_send_packet(decoder.pointer, p)
        guard status >= 0 || status == vp_averror_eof() else {
            throw ClipError("decoding failed (\(FFmpegError.message(status)))")
        }
        while true {
            status = avcodec_receive_frame(decoder.pointer, frame.pointer)
            if status == vp_averror_eagain() || status == vp_averror_eof() { return }
            guard status >= 0 else { throw ClipError("decoding failed (\(FFmpegError.message(status)))") }
            defer { av_frame_unref(frame.pointer) }
            let pts = frame.pointer.pointee.best_effort_timestamp
            guard var current = stretch, current.keep.contains(pts) else { continue }
            if current.encoder == nil { current.encoder = try ClipEncoder(like: decoder.pointer, stream: input.stream(stream)) }
            stretch = current
            frame.pointer.pointee.pts = pts
            frame.pointer.pointee.pict_type = AV_PICTURE_TYPE_NONE
            try current.encoder!.encode(frame.pointer, packet: scratch.pointer) { (encoded) throws(ClipError) in
                try writeEncoded(encoded, stretch: current, stream: stream, route: route, to: output)
            }
        }
    }

    /// HEVC's parameter sets, which the re-encoded stretch replaced, put back in front of the
    /// first copied packet after it (H.264's stretch uses ids of its own; VP9 has none).
    private func restoreParameterSets(_ p: UnsafeMutablePointer<AVPacket>, stream: Int) throws(ClipError) {
        guard input.stream(stream).pointee.codecpar.pointee.codec_id == AV_CODEC_ID_HEVC else { return }
        let sets = NALUnits.parameterSets(hvcC: extradata(of: stream))
        guard !sets.isEmpty else { return }
        let bytes = sets + Array(UnsafeBufferPointer(start: p.pointee.data, count: Int(p.pointee.size)))
        let joined = Packet()
        guard av_new_packet(joined.pointer, Int32(bytes.count)) >= 0 else { throw ClipError("out of memory") }
        bytes.withUnsafeBufferPointer { joined.pointer.pointee.data.update(from: $0.baseAddress!, count: bytes.count) }
        av_packet_copy_props(joined.pointer, p)
        av_packet_unref(p)
        av_packet_move_ref(p, joined.pointer)
    }

    private func extradata(of stream: Int) -> [UInt8] {
        let parameters = input.stream(stream).pointee.codecpar.pointee
        return parameters.extradata.map { Array(UnsafeBufferPointer(start: $0, count: Int(parameters.extradata_size))) } ?? []
    }

    /// A re-encoded packet, its units length-prefixed where the file's are, timed to sit
    /// before the copied packets that follow.
    private func writeEncoded(_ encoded: UnsafeMutablePointer<AVPacket>, stretch: Stretch, stream: Int, route: Route,
                              to output: ClipOutput) throws(ClipError) {
        let extradata = extradata(of: stream)
        let lengthSize: Int?
        switch input.stream(stream).pointee.codecpar.pointee.codec_id {
        case AV_CODEC_ID_H264: lengthSize = NALUnits.lengthSize(avcC: extradata)
        case AV_CODEC_ID_HEVC: lengthSize = NALUnits.lengthSize(hvcC: extradata)
        default: lengthSize = nil
        }
        if let lengthSize {
            let bytes = NALUnits.lengthPrefixed(annexB: Array(UnsafeBufferPointer(start: encoded.pointee.data,
                                                                                   count: Int(encoded.pointee.size))),
                                               lengthSize: lengthSize)
            let converted = Packet()
            guard av_new_packet(converted.pointer, Int32(bytes.count)) >= 0 else { throw ClipError("out of memory") }
            bytes.withUnsafeBufferPointer { converted.pointer.pointee.data.update(from: $0.baseAddress!, count: bytes.count) }
            av_packet_copy_props(converted.pointer, encoded)
            try writeTimed(converted.pointer, stretch: stretch, stream: stream, route: route, to: output)
        } else {
            try writeTimed(encoded, stretch: stretch, stream: stream, route: route, to: output)
        }
    }

    private func writeTimed(_ p: UnsafeMutablePointer<AVPacket>, stretch: Stretch, stream: Int, route: Route,
                            to output: ClipOutput) throws(ClipError) {
        p.pointee.dts = p.pointee.pts - stretch.delay
        let rate = input.stream(stream).pointee.avg_frame_rate
        if p.pointee.duration <= 0, rate.num > 0, rate.den > 0 {
            p.pointee.duration = av_rescale_q(1, av_inv_q(rate), route.inputBase)
        }
        try write(p, route: route, to: output)
    }

    /// `p` moved to start at the clip's start, in the output's time base, into its stream.
    private func write(_ p: UnsafeMutablePointer<AVPacket>, route: Route, to output: ClipOutput) throws(ClipError) {
        p.pointee.stream_index = route.output
        p.pointee.pts -= route.start
        if p.pointee.dts != vp_nopts_value() { p.pointee.dts -= route.start }
        p.pointee.pos = -1
        av_packet_rescale_ts(p, route.inputBase, route.outputBase)
        try output.write(p)
    }
}
