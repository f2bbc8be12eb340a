import Foundation

/// One JSON object of an export, read leniently where the apps have changed their types over
/// versions (Planify wrote numbers as strings in some, a boolean as 0 or 1 in others), strictly
/// where a wrong type means the file is not what it says.
struct JSONRecord {
    let fields: [String: Any]

    /// The top-level object of `data`, or `malformed` (`missing` for JSON that is not an object).
    static func document(_ data: Data, _ format: ArrivalFormat) throws(ArrivalError) -> JSONRecord {
        guard String(validating: data, as: UTF8.self) != nil, !data.contains(0) else { throw ArrivalError(format, .notText) }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw ArrivalError(format, .malformed)
        }
        guard let fields = object as? [String: Any] else { throw ArrivalError(format, .missing("{}")) }
        return JSONRecord(fields: fields)
    }

    /// The array of objects under `key`; `missing(key)` when it is absent or not one.
    func records(_ key: String, _ format: ArrivalFormat) throws(ArrivalError) -> [JSONRecord] {
        guard let array = fields[key] as? [Any] else { throw ArrivalError(format, .missing(key)) }
        var records: [JSONRecord] = []
        for element in array {
            guard let object = element as? [String: Any] else { throw ArrivalError(format, .missing(key)) }
            records.append(JSONRecord(fields: object))
        }
        return records
    }

    /// A text field; a number is given as its digits (ids were numbers in older files); nil for
    /// null, absent or empty.
    func string(_ key: String) -> String? {
        let text: String?
        switch fields[key] {
        case let value as String: text = value
        case let value as NSNumber: text = value.stringValue
        default: text = nil
        }
        return text?.isEmpty == false ? text : nil
    }

    func bool(_ key: String) -> Bool {
        switch fields[key] {
        case let value as NSNumber: value.boolValue
        case let value as String: value == "true" || value == "1"
        default: false
        }
    }

    func int(_ key: String) -> Int? {
        switch fields[key] {
        case let value as NSNumber:
            let double = value.doubleValue
            return double.isFinite && abs(double) < 1e15 ? Int(double) : nil
        case let value as String: return Int(value.trimmingCharacters(in: .whitespaces))
        default: return nil
        }
    }

    /// The texts of an array field (tags, labels): strings as they are, objects by their "name".
    func strings(_ key: String) -> [String] {
        guard let array = fields[key] as? [Any] else { return [] }
        return array.compactMap { element in
            if let text = element as? String { return text }
            return (element as? [String: Any]).flatMap { JSONRecord(fields: $0).string("name") }
        }
    }

    /// A nested object, or one written as JSON text inside a string (Planify's "due").
    func object(_ key: String) -> JSONRecord? {
        if let object = fields[key] as? [String: Any] { return JSONRecord(fields: object) }
        guard let text = fields[key] as? String, let data = text.data(using: .utf8),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        return JSONRecord(fields: object)
    }
}
