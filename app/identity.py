"""Who is who: a signed cookie carries a person's id across visits, no sign-up."""

from __future__ import annotations

from itsdangerous import BadSignature, URLSafeSerializer

COOKIE = "gn_person"
_SALT = "gamenight.person"


class Identity:
    """Signs and reads the person cookie."""

    def __init__(self, secret: str) -> None:
        self._serializer = URLSafeSerializer(secret, salt=_SALT)

    def sign(self, person_id: int) -> str:
        return self._serializer.dumps(person_id)

    def read(self, cookie: str | None) -> int | None:
        """Returns the person id in a cookie, or None when absent or forged."""
        if not cookie or len(cookie) > 200:
            return None
        try:
            value = self._serializer.loads(cookie)
        except BadSignature:
            return None
        return value if isinstance(value, int) else None
