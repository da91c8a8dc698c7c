import GRDB
import GRDBSQLite

extension Statement {
    /// Steps this statement (its arguments set) to its end through SQLite's C API, handing each row's
    /// handle to `row` to read its columns with `sqlite3_column_*` (no GRDB `Row` made a row: the
    /// reads of thousands of rows); reset after, also on an error.
    func eachRow(_ db: Database, _ row: (OpaquePointer) throws -> Void) throws {
        let handle = sqliteStatement
        defer { sqlite3_reset(handle) }
        while true {
            let code = sqlite3_step(handle)
            if code == SQLITE_DONE { return }
            guard code == SQLITE_ROW else {
                throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
            }
            try row(handle)
        }
    }
}
