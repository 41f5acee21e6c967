namespace Latchkey
{
    /// <summary>
    /// The codes of liblatchkey's <c>lk_error</c>, with the same numbers (part of its ABI) and, as
    /// <see cref="LatchkeyException.CodeName"/>, the same names as every other Latchkey SDK.
    /// </summary>
    public enum ErrorCode
    {
        Ok = 0,

        // Answers of the service (verified where the answer was signed).
        Validation = 1,
        UnknownType = 2,
        InvalidAppCredentials = 3,
        AppDisabled = 4,
        AccessDenied = 5,
        InvalidUserLogin = 6,
        LicenseNotFound = 7,
        LicenseBanned = 8,
        LicenseExpired = 9,
        LicenseUsed = 10,
        UsernameTaken = 11,
        UserBanned = 12,
        HwidMismatch = 13,
        InvalidSession = 14,
        VariableNotFound = 15,
        FileNotFound = 16,
        UserVariableLimit = 17,
        InsufficientLevel = 18,
        TooManyRequests = 19,
        DownloadGone = 20,
        ServerError = 21,
        UnknownError = 22,

        // Checks made on this side.
        SignatureInvalid = 40,
        StaleResponse = 41,
        NonceMismatch = 42,
        Network = 43,
        UnexpectedResponse = 44,
        FileIntegrity = 45,
        TicketInvalid = 46,
        TicketExpired = 47,
        NoSession = 48,
        MachineIdUnavailable = 49,
        /// <summary>The service does not know the app id (its unsigned 401): check the appId.</summary>
        AppUnknown = 50,

        // Usage.
        InvalidArgument = 60,
        OutOfMemory = 61,
        IO = 62,
    }
}
