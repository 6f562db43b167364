from dataclasses import dataclass

from .convert import c_to_f, kmh_to_mph


@dataclass(frozen=True)
class Reading:
    station: str
    temp_c: float
    wind_kmh: float

    def imperial(self):
        return {"station": self.station,
                "temp_f": round(c_to_f(self.temp_c), 1),
                "wind_mph": round(kmh_to_mph(self.wind_kmh), 1)}
