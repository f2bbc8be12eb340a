/// A pinch's steps as inputs: a step that needs something of the window first (a title saved
/// before a gap takes its place, the transition up started) ends with its request and is held;
/// the window's answer takes it again (`ListInput.answered`), with every answer it had so far,
/// and it decides afresh. Ctrl+scroll beginning down where going up is refused then asks for
/// a gap's room: two requests, one after the other.
extension ListHands {
    func pinchStep(_ input: ListInput<ID>, answers: PinchRequest.Answers) -> [ListEffect<ID>] {
        let effects = collectingTakeovers { pinchEffects(of: input, answers: answers).map { .pinch($0) } }
        if case .pinch(.request)? = effects.last { pinchStepAsking = (input, answers) }
        return effects
    }

    private func pinchEffects(of input: ListInput<ID>, answers: PinchRequest.Answers) -> [PinchGesture<ID>.Effect] {
        switch input {
        case let .pinchBegan(start, time):
            return pinchBegan(start, time: time, answers: answers)
        case let .pinchMoved(upperY, lowerY, scale, time, levelAbove):
            return pinchUpdated(upperY: upperY, lowerY: lowerY, scale: scale, time: time, levelAbove: levelAbove, answers: answers)
        case let .ctrlScrolled(units, boundary, time, levelAbove):
            return ctrlScrolled(deltaY: units, boundary: boundary, time: time, levelAbove: levelAbove, answers: answers)
        default:
            return []
        }
    }
}
