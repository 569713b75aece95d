import CFFmpeg
import Glibc

/// libavfilter, loaded the first time a speed other than 1 needs it rather than at launch:
/// with the libraries it pulls in it adds ~26 ms to every start (an empty program linked
/// against FFmpeg's other libraries starts in 40 ms here, 66 ms with libavfilter too).
/// Holds the few entry points `TempoFilter` calls (for tempo and the user's `--af`); nil when the library cannot be loaded.
struct FilterLibrary: @unchecked Sendable {
    typealias Graph = UnsafeMutablePointer<AVFilterGraph>
    typealias Context = UnsafeMutablePointer<AVFilterContext>
    typealias Filter = UnsafePointer<AVFilter>
    typealias Text = UnsafePointer<CChar>

    let graphAlloc: @convention(c) () -> Graph?
    let graphFree: @convention(c) (UnsafeMutablePointer<Graph?>?) -> Void
    let filterNamed: @convention(c) (Text?) -> Filter?
    let graphCreateFilter: @convention(c) (UnsafeMutablePointer<Context?>?, Filter?, Text?, Text?,
                                           UnsafeMutableRawPointer?, Graph?) -> Int32
    let graphAllocFilter: @convention(c) (Graph?, Filter?, Text?) -> Context?
    let initialize: @convention(c) (Context?, Text?) -> Int32
    let link: @convention(c) (Context?, UInt32, Context?, UInt32) -> Int32
    let graphConfig: @convention(c) (Graph?, UnsafeMutableRawPointer?) -> Int32
    let addFrame: @convention(c) (Context?, UnsafeMutablePointer<AVFrame>?, Int32) -> Int32
    let takeFrame: @convention(c) (Context?, UnsafeMutablePointer<AVFrame>?) -> Int32
    typealias Pads = UnsafeMutablePointer<AVFilterInOut>
    /// A graph's text parsed into it, its open ends returned (the user's `--af`).
    let graphParse: @convention(c) (Graph?, Text?, UnsafeMutablePointer<Pads?>?, UnsafeMutablePointer<Pads?>?) -> Int32
    let padsFree: @convention(c) (UnsafeMutablePointer<Pads?>?) -> Void
    /// A filter of a graph by its instance name (the user's `--vf`).
    let graphFilter: @convention(c) (Graph?, Text?) -> Context?

    /// Loaded once, on first use, by whichever thread gets here first.
    static let shared = FilterLibrary()

    private init?() {
        guard let handle = dlopen("libavfilter.so.\(LIBAVFILTER_VERSION_MAJOR)", RTLD_NOW | RTLD_LOCAL) else { return nil }
        func symbol<T>(_ name: String, as type: T.Type) -> T? {
            dlsym(handle, name).map { unsafeBitCast($0, to: type) }
        }
        guard let graphAlloc = symbol("avfilter_graph_alloc", as: (@convention(c) () -> Graph?).self),
              let graphFree = symbol("avfilter_graph_free", as: (@convention(c) (UnsafeMutablePointer<Graph?>?) -> Void).self),
              let filterNamed = symbol("avfilter_get_by_name", as: (@convention(c) (Text?) -> Filter?).self),
              let graphCreateFilter = symbol("avfilter_graph_create_filter", as: (@convention(c) (
                  UnsafeMutablePointer<Context?>?, Filter?, Text?, Text?, UnsafeMutableRawPointer?, Graph?) -> Int32).self),
              let graphAllocFilter = symbol("avfilter_graph_alloc_filter", as: (@convention(c) (Graph?, Filter?, Text?) -> Context?).self),
              let initialize = symbol("avfilter_init_str", as: (@convention(c) (Context?, Text?) -> Int32).self),
              let link = symbol("avfilter_link", as: (@convention(c) (Context?, UInt32, Context?, UInt32) -> Int32).self),
              let graphConfig = symbol("avfilter_graph_config", as: (@convention(c) (Graph?, UnsafeMutableRawPointer?) -> Int32).self),
              let addFrame = symbol("av_buffersrc_add_frame_flags", as: (@convention(c) (Context?, UnsafeMutablePointer<AVFrame>?, Int32) -> Int32).self),
              let takeFrame = symbol("av_buffersink_get_frame", as: (@convention(c) (Context?, UnsafeMutablePointer<AVFrame>?) -> Int32).self),
              let graphParse = symbol("avfilter_graph_parse2", as: (@convention(c) (
                  Graph?, Text?, UnsafeMutablePointer<Pads?>?, UnsafeMutablePointer<Pads?>?) -> Int32).self),
              let padsFree = symbol("avfilter_inout_free", as: (@convention(c) (UnsafeMutablePointer<Pads?>?) -> Void).self),
              let graphFilter = symbol("avfilter_graph_get_filter", as: (@convention(c) (Graph?, Text?) -> Context?).self)
        else {
            dlclose(handle)
            return nil
        }
        // Kept loaded for the life of the process: filters made from it may live until exit.
        self.graphAlloc = graphAlloc
        self.graphFree = graphFree
        self.filterNamed = filterNamed
        self.graphCreateFilter = graphCreateFilter
        self.graphAllocFilter = graphAllocFilter
        self.initialize = initialize
        self.link = link
        self.graphConfig = graphConfig
        self.addFrame = addFrame
        self.takeFrame = takeFrame
        self.graphParse = graphParse
        self.padsFree = padsFree
        self.graphFilter = graphFilter
    }

    func filter(named name: String) -> Filter? { filterNamed(name) }
}
