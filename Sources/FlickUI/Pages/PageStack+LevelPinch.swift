import FlickInteraction

/// A pinch together on any page's list goes up a level (DESIGN 2.7): the stack follows the
/// hand between the page shown and the one up, and on release lands up there or springs back.
/// It is the stack's own, so every page placed on it has it (`Page.placed`); the window only
/// follows with its header (`PageStackHost.wentUp`).
extension PageStack: LevelPinchHandler {
    func levelPinchBegan() -> Bool {
        guard canGoUp, host?.commitCurrentEdit() ?? true else { return false }
        leaveShown()
        return true
    }

    func levelPinchMoved(progress: Double) {
        follow(progress: progress)
    }

    func levelPinchEnded(_ outcome: LevelPinch.Outcome, progress: Double, velocity: Double) {
        if outcome == .goUp { arriveUp(velocity: velocity) } else { settleBack(velocity: velocity) }
    }
}

/// The list a Ctrl+scroll's wheel steps belong to while a pinch together shrinks the level
/// shown (`InteractionDriver.ctrlScroll`): the shown page's.
extension PageStack: ShownLevel {
    var shownList: GestureList? { shown.shownList }
}
