"""``python -m sixtysix.i18n``: write the template of the front ends' messages and merge it
into every language's catalog (docs/TRANSLATING.md)."""

from sixtysix.i18n.catalogs import update

if __name__ == "__main__":
    update()
