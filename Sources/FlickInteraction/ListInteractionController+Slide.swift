/// Settling rows: snapping open or closed, the closing bounce, and frames.
extension ListInteractionController {
    /// Sends a row towards open or closed, starting with `velocity` (logical px/s).
    /// Opening a row closes any other open row first.
    ///
    /// Closing from the menu side bounces (an under-damped spring that passes closed
    /// a little); every other slide is critically damped and stops at its target, so
    /// an opening row never shows more than the menu and a returning completion cue
    /// never flashes the menu.
    func slide(_ id: ID, open: Bool, velocity: Double) {
        if open {
            if let other = openItem, other != id {
                openItem = nil
                slide(other, open: false, velocity: 0)
            }
            openItem = id
        } else if openItem == id {
            openItem = nil
        }
        let from = rows[id]?.offset ?? 0
        let target = open ? openOffset : 0
        guard animationsEnabled, from != target else {
            rows[id] = RowMotion(offset: target)
            return
        }
        let bounces = !open && from < 0
        let spring = Spring(
            dampingRatio: bounces ? tuning.bounceDampingRatio : 1,
            angularFrequency: tuning.springAngularFrequencyRadPerS
        )
        let animation = SlideAnimation(from: from, to: target, velocity: velocity, spring: spring, stopsAtTarget: !bounces)
        rows[id] = RowMotion(offset: from, animation: animation)
    }

    /// Runs the animations to frame-clock time `time` (seconds). With animations
    /// disabled, everything still moving jumps to its end.
    public func advance(to time: Double) -> [InteractionEffect<ID>] {
        record {
            for (id, motion) in rows {
                guard var animation = motion.animation else { continue }
                if animationsEnabled, let offset = animation.offset(at: time, tuning: tuning) {
                    rows[id] = RowMotion(offset: clampedToBounds(offset), animation: animation)
                } else {
                    rows[id] = RowMotion(offset: animation.target)
                }
            }
            if var gap = closingGap {
                let running = animationsEnabled && gap.advance(to: time, duration: tuning.gapCloseDurationS)
                closingGap = running ? gap : nil
            }
        }
    }
}
