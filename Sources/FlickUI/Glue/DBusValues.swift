@preconcurrency import CGtk

/// GVariant values of D-Bus calls, to and from Swift: a call's string and string-array
/// arguments, and the string arrays and `a{sv}` dictionaries of replies. Values made here are
/// floating: the reply they are put in takes them.
enum DBusValues {
    /// The string at `index` of a call's parameters (a tuple whose child there is `s`).
    static func string(_ parameters: OpaquePointer, at index: Int) -> String {
        let child = g_variant_get_child_value(parameters, gsize(index))!
        defer { g_variant_unref(child) }
        return String(cString: g_variant_get_string(child, nil))
    }

    /// The strings at `index` of a call's parameters (a tuple whose child there is `as`).
    static func strings(_ parameters: OpaquePointer, at index: Int) -> [String] {
        let child = g_variant_get_child_value(parameters, gsize(index))!
        defer { g_variant_unref(child) }
        return (0..<g_variant_n_children(child)).map { string(child, at: Int($0)) }
    }

    /// An `as` of the strings.
    static func stringArray(_ strings: [String]) -> OpaquePointer {
        strings.withCStringArray { g_variant_new_strv($0, gssize(strings.count)) }
    }

    /// An `a{sv}` of these entries, each value boxed in a variant.
    static func dictionary(_ entries: [(key: String, value: OpaquePointer)]) -> OpaquePointer {
        let pairs: [OpaquePointer?] = entries.map { g_variant_new_dict_entry(g_variant_new_string($0.key), g_variant_new_variant($0.value)) }
        return pairs.withUnsafeBufferPointer { g_variant_new_array(g_variant_type_checked_("{sv}"), $0.baseAddress, gsize(pairs.count)) }
    }

    /// An array of `type` holding `values` (which may be none: the type says what it holds).
    static func array(of type: String, _ values: [OpaquePointer]) -> OpaquePointer {
        let children: [OpaquePointer?] = values
        return children.withUnsafeBufferPointer { g_variant_new_array(g_variant_type_checked_(type), $0.baseAddress, gsize(children.count)) }
    }

    /// A call's reply: a tuple of these values.
    static func tuple(_ values: [OpaquePointer]) -> OpaquePointer {
        let children: [OpaquePointer?] = values
        return children.withUnsafeBufferPointer { g_variant_new_tuple($0.baseAddress, gsize(children.count)) }
    }

    /// An icon of the icon theme as `g_icon_serialize` writes a GThemedIcon, `('themed', <[name]>)`,
    /// which `g_icon_deserialize` reads back (the Shell does, for a result's "icon").
    static func themedIcon(_ name: String) -> OpaquePointer {
        tuple([g_variant_new_string("themed"), g_variant_new_variant(stringArray([name]))])
    }
}
