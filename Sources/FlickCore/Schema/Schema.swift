import GRDB

/// The database schema and its forward migrations.
enum Schema {
    /// Marks the file as Flick's ("Flck" in ASCII), so another application's SQLite file is
    /// recognised and never written to.
    static let applicationID: Int32 = 0x466C_636B
    /// Bumped by every migration; a file with a higher number was written by a newer Flick.
    static let version = 14

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.create(table: "list") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("name", .text).notNull()
                table.column("rank", .integer).notNull()
            }
            try db.create(table: "item") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("list_id", .integer).notNull().references("list", onDelete: .cascade)
                table.column("title", .text).notNull()
                table.column("completed", .boolean).notNull().defaults(to: false)
                table.column("rank", .integer).notNull()
            }
            try db.create(index: "item_order", on: "item", columns: ["list_id", "rank"])
            try db.create(table: "setting") { table in
                table.primaryKey("key", .text)
                table.column("value", .text).notNull()
            }
            try db.execute(sql: "PRAGMA application_id = \(applicationID)")
            try db.execute(sql: "PRAGMA user_version = 1")
        }
        migrator.registerMigration("v2", migrate: SchemaV2.migrate)
        migrator.registerMigration("v3", migrate: SchemaV3.migrate)
        migrator.registerMigration("v4", migrate: SchemaV4.migrate)
        migrator.registerMigration("v5", migrate: SchemaV5.migrate)
        migrator.registerMigration("v6", migrate: SchemaV6.migrate)
        migrator.registerMigration("v7", migrate: SchemaV7.migrate)
        migrator.registerMigration("v8", migrate: SchemaV8.migrate)
        migrator.registerMigration("v9", migrate: SchemaV9.migrate)
        migrator.registerMigration("v10", migrate: SchemaV10.migrate)
        migrator.registerMigration("v11", migrate: SchemaV11.migrate)
        migrator.registerMigration("v12", migrate: SchemaV12.migrate)
        migrator.registerMigration("v13", migrate: SchemaV13.migrate)
        migrator.registerMigration("v14", migrate: SchemaV14.migrate)
        return migrator
    }
}
