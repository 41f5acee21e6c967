using System;

namespace Latchkey
{
    /// <summary>
    /// A refusal of the service or a failed check: <see cref="Code"/> is liblatchkey's code (the same
    /// number and, in <see cref="CodeName"/>, the same name as the other SDKs), <see cref="Status"/>
    /// the HTTP status (0 when no answer is involved). Catch a subclass for one kind of failure.
    /// </summary>
    public class LatchkeyException : Exception
    {
        public ErrorCode Code { get; }

        /// <summary>"LICENSE_NOT_FOUND", "SIGNATURE_INVALID", ...: the code as every Latchkey SDK names it.</summary>
        public string CodeName { get; }

        public int Status { get; }

        public LatchkeyException(ErrorCode code, string codeName, int status, string message)
            : base(message)
        {
            Code = code;
            CodeName = codeName;
            Status = status;
        }

        public override string ToString() => $"{GetType().FullName} {CodeName}: {Message}";

        /// <summary>The exception of the right subclass for <paramref name="code"/>.</summary>
        internal static LatchkeyException Of(ErrorCode code, string codeName, int status, string message)
        {
            var number = (int)code;
            if (number >= 1 && number <= 22) return new LatchkeyRefusedException(code, codeName, status, message);
            switch (code)
            {
                case ErrorCode.SignatureInvalid:
                case ErrorCode.StaleResponse:
                case ErrorCode.NonceMismatch:
                case ErrorCode.UnexpectedResponse:
                case ErrorCode.FileIntegrity:
                case ErrorCode.AppUnknown:
                    return new LatchkeyVerificationException(code, codeName, status, message);
                case ErrorCode.Network:
                    return new LatchkeyNetworkException(code, codeName, status, message);
                case ErrorCode.TicketInvalid:
                case ErrorCode.TicketExpired:
                    return new LatchkeyTicketException(code, codeName, status, message);
                case ErrorCode.NoSession:
                    return new LatchkeyNoSessionException(code, codeName, status, message);
                default:
                    return new LatchkeyException(code, codeName, status, message);
            }
        }
    }

    /// <summary>The service refused the request (codes 1-22): its message is the contract's exact wording.</summary>
    public class LatchkeyRefusedException : LatchkeyException
    {
        public LatchkeyRefusedException(ErrorCode code, string codeName, int status, string message)
            : base(code, codeName, status, message) { }
    }

    /// <summary>
    /// An answer that must not be believed: forged or unsigned, stale, replayed, not an envelope, or a
    /// download whose bytes are not the ones signed.
    /// </summary>
    public class LatchkeyVerificationException : LatchkeyException
    {
        public LatchkeyVerificationException(ErrorCode code, string codeName, int status, string message)
            : base(code, codeName, status, message) { }
    }

    /// <summary>No answer: connection refused, DNS, timeout.</summary>
    public class LatchkeyNetworkException : LatchkeyException
    {
        public LatchkeyNetworkException(ErrorCode code, string codeName, int status, string message)
            : base(code, codeName, status, message) { }
    }

    /// <summary>An offline ticket that is forged, of another app or machine, malformed, or expired.</summary>
    public class LatchkeyTicketException : LatchkeyException
    {
        public LatchkeyTicketException(ErrorCode code, string codeName, int status, string message)
            : base(code, codeName, status, message) { }
    }

    /// <summary>A session call before register, login or license, or after logout.</summary>
    public class LatchkeyNoSessionException : LatchkeyException
    {
        public LatchkeyNoSessionException(ErrorCode code, string codeName, int status, string message)
            : base(code, codeName, status, message) { }
    }
}
