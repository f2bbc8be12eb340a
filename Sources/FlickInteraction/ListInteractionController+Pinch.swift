/// Pinch to insert (DESIGN 2.4): touchscreen, touchpad and the Ctrl+scroll
/// fallback all open the same gap. A pinch of any kind cancels a row drag and
/// locks drags out until it ends.
///
/// The `time` parameters are accepted for symmetry with the other events; the
/// pinch rules depend on distances only.
extension ListInteractionController {
    /// Two touch points began a pinch over rows `upperIndex` and `lowerIndex` (nil
    /// where no row is under a point). It acts only on neighbours i, i+1, opening the
    /// gap between them; any other pinch is ignored until it ends.
    public func pinchBegan(upperIndex: Int?, lowerIndex: Int?, upperY: Double, lowerY: Double, time: Double)
        -> [InteractionEffect<ID>]
    {
        record {
            beginPinch()
            guard let upper = upperIndex, let lower = lowerIndex, upper >= 0, lower == upper + 1,
                  lower < geometry.rowCount
            else { return }
            pinchState = .active(ActivePinch(source: .touch(upperStartY: upperY, lowerStartY: lowerY), boundaryIndex: lower))
        }
    }

    /// The touch points moved. delta = the smaller of the two outward movements
    /// (upper up, lower down), never negative; gap = 2 × delta.
    public func pinchUpdated(upperY: Double, lowerY: Double, time: Double) -> [InteractionEffect<ID>] {
        record {
            guard case .active(let pinch) = pinchState, case .touch(let upperStart, let lowerStart) = pinch.source
            else { return }
            let delta = max(0, min(upperStart - upperY, lowerY - lowerStart))
            setGap(2 * delta, of: pinch)
        }
    }

    /// A touchpad pinch began; the UI passes the row boundary nearest the pointer
    /// (0…rowCount). Outside the list it is ignored until it ends.
    public func touchpadPinchBegan(boundaryIndex: Int, time: Double) -> [InteractionEffect<ID>] {
        record {
            beginPinch()
            guard (0...geometry.rowCount).contains(boundaryIndex) else { return }
            pinchState = .active(ActivePinch(source: .touchpad, boundaryIndex: boundaryIndex))
        }
    }

    /// The touchpad pinch scale changed: gap = H × (scale − 1) / 0.5, so one row at
    /// 1.5. Pinching together (scale < 1) is reserved for the lists overview and
    /// opens no gap.
    public func touchpadPinchUpdated(scale: Double, time: Double) -> [InteractionEffect<ID>] {
        record {
            guard case .active(let pinch) = pinchState, case .touchpad = pinch.source else { return }
            let gap = geometry.rowHeight * (scale - 1) / (tuning.touchpadScaleForOneRow - 1)
            setGap(max(0, gap), of: pinch)
        }
    }

    /// The pinch ended (any kind): past one row height it inserts, otherwise the gap
    /// closes over `gapCloseDurationS`.
    public func pinchEnded(time: Double) -> [InteractionEffect<ID>] {
        record { finishPinch(insert: true) }
    }

    /// The pinch was cancelled (any kind): the gap closes without inserting.
    public func pinchCancelled() -> [InteractionEffect<ID>] {
        record { finishPinch(insert: false) }
    }

    /// Ctrl + scroll over the list, where no pinch events arrive (X11, mouse). The
    /// first one starts a pinch at `boundaryIndex` (0…rowCount), later ones keep
    /// that boundary. Each scroll unit (one wheel click) changes the gap by
    /// `ctrlScrollRowsPerUnit` × H: scrolling up (negative deltaY) opens it, down
    /// closes it; it never goes below 0. Ignored while another pinch is active.
    public func ctrlScroll(boundaryIndex: Int, deltaY: Double, time: Double) -> [InteractionEffect<ID>] {
        record {
            if pinchState.isIdle {
                guard (0...geometry.rowCount).contains(boundaryIndex) else { return }
                beginPinch()
                pinchState = .active(ActivePinch(source: .ctrlScroll, boundaryIndex: boundaryIndex))
            }
            guard case .active(let pinch) = pinchState, pinch.isCtrlScroll else { return }
            let change = -deltaY * tuning.ctrlScrollRowsPerUnit * geometry.rowHeight
            setGap(max(0, pinch.height + change), of: pinch)
        }
    }

    /// The UI saw no Ctrl+scroll for a while: the scroll pinch ends like `pinchEnded`.
    public func ctrlScrollStopped(time: Double) -> [InteractionEffect<ID>] {
        record {
            guard case .active(let pinch) = pinchState, pinch.isCtrlScroll else { return }
            finishPinch(insert: true)
        }
    }

    /// A new pinch takes over: it cancels any row drag and ends an earlier pinch
    /// whose end never arrived, without inserting.
    private func beginPinch() {
        cancelDrag()
        finishPinch(insert: false)
        pinchState = .ignored
    }

    private func setGap(_ height: Double, of pinch: ActivePinch) {
        var pinch = pinch
        pinch.height = height
        pinchState = .active(pinch)
        // A gap closing from an earlier pinch gives way once the new one is visible.
        if height > 0 { closingGap = nil }
    }

    /// Ends the pinch. With `insert` and a gap taller than a row, the item is
    /// inserted and the gap vanishes at once (the new row takes its place);
    /// otherwise the gap closes over time.
    func finishPinch(insert: Bool) {
        defer { pinchState = .idle }
        guard case .active(let pinch) = pinchState, pinch.height > 0 else { return }
        if insert, pinch.height > geometry.rowHeight {
            closingGap = nil
            events.append(.insertItem(at: pinch.boundaryIndex))
        } else {
            closingGap = animationsEnabled ? GapAnimation(boundaryIndex: pinch.boundaryIndex, height: pinch.height) : nil
        }
    }
}
