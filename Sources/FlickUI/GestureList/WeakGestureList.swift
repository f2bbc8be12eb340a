@preconcurrency import CGtk
import GestureShim

/// The list a row factory's bind and unbind go to, while it is there (`flick_rebinds_connect`,
/// `GestureList.makeFactory`).
final class WeakGestureList {
    weak var list: GestureList?

    init(_ list: GestureList) {
        self.list = list
    }
}

let gestureListBind: FlickListItemHandler = { listItem, data in
    let list = Unmanaged<WeakGestureList>.fromOpaque(data!).takeUnretainedValue().list
    let address = UInt(bitPattern: listItem)  // GTK calls on the main thread: the pointer is the main actor's.
    MainActor.assumeIsolated { list?.listGuard.run { list?.bindRow(OpaquePointer(bitPattern: address)!) } }
}

let gestureListUnbind: FlickListItemHandler = { listItem, data in
    let list = Unmanaged<WeakGestureList>.fromOpaque(data!).takeUnretainedValue().list
    let address = UInt(bitPattern: listItem)  // GTK calls on the main thread: the pointer is the main actor's.
    MainActor.assumeIsolated { list?.listGuard.run { list?.unbindRow(OpaquePointer(bitPattern: address)!) } }
}
