import Foundation
import Raster
import WorkThreads

/// The first image of an animation and the still tiles' tables its first hold needs, planned
/// on a thread of its own from the first frame's picture before the encoder asks for them:
/// typically while the global palette is being planned, which leaves a core idle for long
/// stretches, instead of on the encoder's thread, which bounds the encoding.
///
/// Planned: the first image (the whole screen with a table of its own, and its LZW code
/// stream), then the table of every tile that image shows short of the refinement target,
/// worst first, as the refinements of the first hold take them, then the tables of the tiles
/// that change between the pictures the animation holds still on later
/// (`planHold(_:changed:)`), in the order given, leaving out tiles no refinement redraws and
/// tile contents already asked for. An encoder given the plan
/// (`AnimationWriter(palette:options:output:opening:)`) whose options refine still tiles as
/// these do shares the tables, and takes the first image when its first frame is this very
/// picture; the first image depends only on the picture and the settings, and a tile's table
/// only on the tile's pixels, so the bytes are the same with or without a plan (a plan that
/// does not match is simply not used). Nothing is planned when the options do not refine
/// still tiles, forbid threads (`isParallel` off) or are invalid.
///
/// Memory: the picture (four bytes a pixel) until an encoder has asked for the first image
/// (or the plan is stopped) and the thread has ended; the first image (one byte a pixel and
/// its table) until an encoder has taken it; the later holds' tiles waiting to be planned, at
/// most a quarter of the picture's bytes (tiles beyond are left to the encoder); the tables
/// (about 1 KB each, and a byte a pixel of their tile) for as long as an encoder holds the
/// plan. The thread ends once
/// everything given is planned and `endHolds()` was called, or when stopped; a plan nobody
/// holds any more is stopped, and waited for, as it goes.
public final class OpeningPlan: Sendable {
    /// The refinement settings it is planned for (nil: nothing is planned).
    let settings: StillTileSettings?
    /// The tiles' tables planned so far, here or by an encoder sharing them.
    let tables = StillTileTables()
    /// The thread's results and its state, which the thread holds rather than the plan, so a
    /// plan nobody holds is let go and stops it.
    private let progress = Progress()

    /// Starts planning the opening of an animation whose first frame is `canvas`, encoded with
    /// `options` and keeping `interfaceColors` exact.
    public convenience init(canvas: Canvas, options: GIFEncodingOptions, interfaceColors: InterfaceColors = .arcScene) {
        self.init(canvas: canvas, options: options, interfaceColors: interfaceColors, startThread: ThreadStart.system)
    }

    /// `init(canvas:options:interfaceColors:)` with its thread started by `startThread`: when
    /// the system refuses it, nothing is planned and an encoder given the plan plans it all
    /// itself, to the same bytes.
    init(canvas: Canvas, options: GIFEncodingOptions, interfaceColors: InterfaceColors,
         startThread: ThreadStart.Starter) {
        let screenFits = (1 ... 65535).contains(canvas.width) && (1 ... 65535).contains(canvas.height)
        let valid = (try? options.validate()) != nil
        settings = valid && screenFits && options.isParallel
            ? options.stillTileSettings(width: canvas.width, height: canvas.height, interfaceColors: interfaceColors)
            : nil
        guard let settings else {
            progress.end()
            return
        }
        progress.hold(canvas)
        let (tables, progress) = (tables, progress)
        let started = startThread(nil, true) { Self.plan(canvas, settings, tables, progress) }
        if !started {
            progress.requestStop()
            progress.end()
        }
    }

    deinit {
        // The thread holds the plan's progress, never the plan, so this cannot wait on itself.
        stop()
    }

    /// Asks for the tables of the tiles of `canvas` (a picture the animation holds still on,
    /// after the first) that meet `changed`, what differs from the picture held before it,
    /// except tiles showing only the interface's exact colours, which the global table shows
    /// exactly and no refinement redraws (most of them: plain background), and tiles whose
    /// content an earlier hold asked for already (a place the head left shows what it showed
    /// before the head came). The tiles are cut out here; they wait for the thread while their
    /// bytes stay within a quarter of the picture's, and are dropped beyond.
    public func planHold(_ canvas: Canvas, changed: PixelRect) {
        guard let settings, canvas.width == settings.width, canvas.height == settings.height else { return }
        let budget = canvas.width * canvas.height
        let exact = settings.colorsEveryGlobalTableHolds
        var tiles: [(key: StillTileTables.Key, picture: Canvas)] = []
        for (tile, rect) in settings.tiles(meeting: changed) {
            let colors = AnimationPixels.packedColors(canvas, rect)
            guard !exact.containsEvery(colors) else { continue }
            let key = StillTileTables.Key(tile: tile, hash: StillTileRefiner.hash(colors))
            guard !tables.isKnownOrBeingPlanned(key) else { continue }
            tiles.append((key, canvas.cropped(to: rect)))
        }
        progress.enqueue(tiles, budget: budget)
    }

    /// Says that no more holds will be given: the thread ends once it has planned them.
    public func endHolds() {
        progress.endHolds()
    }

    /// The shared tables, when the plan was made for `settings`.
    func tables(for settings: StillTileSettings) -> StillTileTables? {
        self.settings == settings ? tables : nil
    }

    /// The first image, waited for, when the plan was made for `settings` and `canvas` is its
    /// picture; nil otherwise, or when planning it failed (the encoder then plans it itself
    /// and meets the failure).
    func firstImage(for canvas: Canvas, settings: StillTileSettings) -> StillTileRefiner.FirstImage? {
        // The picture is given up whatever the answer: only one encoder asks.
        let picture = progress.takePicture()
        guard self.settings == settings, picture == canvas else { return nil }
        return try? progress.takeFirstImage()?.get()
    }

    /// Waits until the thread has planned everything it plans (or was stopped): for ever
    /// unless `endHolds()` or `stop()` is called.
    func waitUntilPlanned() {
        progress.waitForEnd()
    }

    /// Stops planning (a table being planned, or the first image, is finished first), waits
    /// for the thread to end and lets the picture and the first image go; the tables planned
    /// stay. Nothing more happens when it has ended already.
    public func stop() {
        progress.requestStop()
        waitUntilPlanned()
    }

    /// The thread: the first image, the screen it leaves, and the tables of its tiles that
    /// fall short, until done or stopped.
    private static func plan(_ canvas: Canvas, _ settings: StillTileSettings, _ tables: StillTileTables,
                             _ progress: Progress) {
        defer { progress.end() }
        // One thread: the other core is the palette planner's, then the encoder's.
        let refiner = StillTileRefiner(settings: settings, tables: tables, inParallel: false)
        let first: Result<StillTileRefiner.FirstImage, GIFEncodingError>
        do {
            first = .success(try refiner.firstImage(canvas: canvas).withCodeStream())
        } catch {
            first = .failure(error)
        }
        progress.publish(first)
        guard !progress.isStopping, case let .success(image) = first else { return }
        // What the screen shows once the first image is written: its table's colours.
        let slots = image.table.indexSlots(beyond: 0), indices = image.frame.indices, width = canvas.width
        refiner.planAhead(canvas: canvas, shown: { rect in
            var colors: [UInt32] = []
            colors.reserveCapacity(rect.area)
            for y in rect.y ..< rect.maxY {
                for x in rect.x ..< rect.maxX { colors.append(slots[Int(indices[y * width + x])]) }
            }
            return colors
        }, shouldStop: { progress.isStopping })
        while let (key, picture) = progress.nextHoldTile() {
            refiner.planAhead(key: key, picture: picture)
        }
    }

    /// What the planning thread has done and been asked, under a lock.
    private final class Progress: @unchecked Sendable {
        /// The picture planned for, until an encoder has compared its first frame with it.
        private var picture: Canvas?
        private var first: Result<StillTileRefiner.FirstImage, GIFEncodingError>?
        private var stopping = false
        private var ended = false
        /// Later holds' tiles waiting to be planned, their bytes, and whether more may come.
        private var holdTiles: [(key: StillTileTables.Key, picture: Canvas)] = []
        /// Every tile content queued so far, so that none is queued twice.
        private var queuedKeys = Set<StillTileTables.Key>()
        private var holdBytes = 0
        private var holdsEnded = false
        private let condition = NSCondition()

        func hold(_ canvas: Canvas) {
            condition.withLock { picture = canvas }
        }

        /// The picture planned for, given up: only the first encoder to ask gets it.
        func takePicture() -> Canvas? {
            condition.withLock {
                defer { picture = nil }
                return picture
            }
        }

        /// Whether the thread was asked to stop.
        var isStopping: Bool { condition.withLock { stopping } }

        /// Asks the thread to stop and drops what only an encoder still to come would use.
        func requestStop() {
            condition.withLock {
                stopping = true
                picture = nil
                first = nil
                holdTiles.removeAll()
                holdBytes = 0
                condition.broadcast()
            }
        }

        /// Queues the `tiles` not queued before while their bytes, with those waiting, stay
        /// within `budget`.
        func enqueue(_ tiles: [(key: StillTileTables.Key, picture: Canvas)], budget: Int) {
            condition.withLock {
                guard !holdsEnded, !ended, !stopping else { return }
                for tile in tiles where !queuedKeys.contains(tile.key) {
                    let bytes = tile.picture.width * tile.picture.height * 4
                    guard holdBytes + bytes <= budget else { break }
                    holdTiles.append(tile)
                    queuedKeys.insert(tile.key)
                    holdBytes += bytes
                }
                condition.broadcast()
            }
        }

        func endHolds() {
            condition.withLock {
                holdsEnded = true
                condition.broadcast()
            }
        }

        /// The next hold tile to plan, waiting for one; nil once stopped, or when no more will come.
        func nextHoldTile() -> (key: StillTileTables.Key, picture: Canvas)? {
            condition.withLock {
                while holdTiles.isEmpty, !holdsEnded, !stopping { condition.wait() }
                guard !stopping, !holdTiles.isEmpty else { return nil }
                let next = holdTiles.removeFirst()
                holdBytes -= next.picture.width * next.picture.height * 4
                return next
            }
        }

        /// The first image once planned, given up (nil when the thread ended without one).
        func takeFirstImage() -> Result<StillTileRefiner.FirstImage, GIFEncodingError>? {
            condition.withLock {
                while first == nil, !ended { condition.wait() }
                defer { first = nil }
                return first
            }
        }

        func publish(_ image: Result<StillTileRefiner.FirstImage, GIFEncodingError>) {
            condition.withLock {
                if stopping { return }
                first = image
                condition.broadcast()
            }
        }

        func end() {
            condition.withLock {
                ended = true
                holdTiles.removeAll()
                holdBytes = 0
                condition.broadcast()
            }
        }

        func waitForEnd() {
            condition.withLock {
                while !ended { condition.wait() }
            }
        }
    }
}
